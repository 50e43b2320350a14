-- outliners.tree_version goes up with every change to what the tree call shows, in the transaction
-- that makes it: the server's copy of a tree's reply is good while the version it was read at is
-- the outliner's current one (modules/outliners/tree-cache.ts), on every instance.
CREATE OR REPLACE FUNCTION folio_bump_tree_versions(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  UPDATE outliners SET tree_version = tree_version + 1 WHERE id = ANY(p_ids);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_tree_entries_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_bump_tree_versions(ARRAY(SELECT DISTINCT outliner_id FROM added));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_tree_entries_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_bump_tree_versions(ARRAY(SELECT DISTINCT outliner_id FROM removed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_tree_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_bump_tree_versions(ARRAY(
    SELECT outliner_id FROM old_entries UNION SELECT outliner_id FROM new_entries));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER outliner_entries_tree_added AFTER INSERT ON outliner_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_tree_entries_added();
--> statement-breakpoint
CREATE TRIGGER outliner_entries_tree_removed AFTER DELETE ON outliner_entries
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION folio_tree_entries_removed();
--> statement-breakpoint
CREATE TRIGGER outliner_entries_tree_changed AFTER UPDATE ON outliner_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION folio_tree_entries_changed();
--> statement-breakpoint
-- An item's title, address or type and a highlight's quote, colour or md5 show in the entries that
-- hold them. Row triggers with a WHEN: other changes to items (outliner_ids, tags, reading state)
-- cost nothing here.
CREATE OR REPLACE FUNCTION folio_tree_item_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_bump_tree_versions(ARRAY(
    SELECT DISTINCT outliner_id FROM outliner_entries WHERE link_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_tree_changed AFTER UPDATE OF title, url, type ON items
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.url IS DISTINCT FROM NEW.url OR OLD.type IS DISTINCT FROM NEW.type)
  EXECUTE FUNCTION folio_tree_item_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_tree_annotation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_bump_tree_versions(ARRAY(
    SELECT DISTINCT outliner_id FROM outliner_entries WHERE ann_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER annotations_tree_changed AFTER UPDATE OF content, color, ann_md5 ON annotations
  FOR EACH ROW
  WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.color IS DISTINCT FROM NEW.color
    OR OLD.ann_md5 IS DISTINCT FROM NEW.ann_md5)
  EXECUTE FUNCTION folio_tree_annotation_changed();
