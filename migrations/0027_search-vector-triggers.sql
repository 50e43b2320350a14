-- items.search_vector is kept here, by triggers over everything it reads, instead of by a refresh
-- each writer had to remember: the item's title, description, note text and URL (computed before
-- the row is written), its tags' names (item_tags rows, a tag's rename), its annotations' text and
-- their sticky notes'. The definition is the one of migration 0005: same text, weights and
-- configuration, so every item matches the same words. One thing is added: the tags, annotations
-- and sticky notes are joined in a fixed order (the order an index scan gave them, which
-- bench/seed.ts also uses), where it was the order the plan happened to read them in, so an item's
-- vector no longer depends on when it was computed; only a phrase spanning two tags could tell.
CREATE OR REPLACE FUNCTION folio_search_vector_of(
  p_id bigint, p_title text, p_description text, p_note_content text, p_url text
) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('simple', coalesce(p_title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(t.name, ' ' ORDER BY it.tag_id) FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = p_id
    ), '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(p_description, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(regexp_replace(p_note_content, '<[^>]*>', ' ', 'g'), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(a.content, ' ' ORDER BY a.id) FROM annotations a WHERE a.item_id = p_id
    ), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(s.content, ' ' ORDER BY s.id) FROM sticky_notes s WHERE s.item_id = p_id
    ), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(p_url, '')), 'C')
$$;
--> statement-breakpoint
-- The stored item's vector (kept for checks: bench/seed.ts compares against it).
CREATE OR REPLACE FUNCTION folio_item_search_vector(p_item_id bigint) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT folio_search_vector_of(i.id, i.title, i.description, i.note_content, i.url)
  FROM items i WHERE i.id = p_item_id
$$;
--> statement-breakpoint
-- Recomputes the vectors of these items, writing only those that change. An item whose tag rows
-- are being removed because it is being deleted (folio_items_untag) is left alone: updating a row
-- from inside its own BEFORE DELETE trigger would fail the delete.
CREATE OR REPLACE FUNCTION folio_refresh_search_vectors(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  UPDATE items i SET search_vector = v.vector
  FROM (
    SELECT x.id, folio_search_vector_of(x.id, x.title, x.description, x.note_content, x.url) AS vector
    FROM items x
    WHERE x.id = ANY(p_ids)
      AND x.id::text IS DISTINCT FROM current_setting('folio.untagging_item', true)
  ) v
  WHERE i.id = v.id AND i.search_vector IS DISTINCT FROM v.vector;
END
$$;
--> statement-breakpoint
-- An item's own columns: computed from the new row before it is written, so a save writes it once.
CREATE OR REPLACE FUNCTION folio_items_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := folio_search_vector_of(NEW.id, NEW.title, NEW.description, NEW.note_content, NEW.url);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_vector_insert BEFORE INSERT ON items
  FOR EACH ROW EXECUTE FUNCTION folio_items_search_vector();
--> statement-breakpoint
CREATE TRIGGER items_search_vector_update BEFORE UPDATE OF title, description, note_content, url ON items
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description
        OR OLD.note_content IS DISTINCT FROM NEW.note_content OR OLD.url IS DISTINCT FROM NEW.url)
  EXECUTE FUNCTION folio_items_search_vector();
--> statement-breakpoint
-- The item's delete removes its tag rows first (migration 0009); it now says which item it is.
CREATE OR REPLACE FUNCTION folio_items_untag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('folio.untagging_item', OLD.id::text, true);
  DELETE FROM item_tags WHERE item_id = OLD.id;
  PERFORM set_config('folio.untagging_item', '', true);
  RETURN OLD;
END
$$;
--> statement-breakpoint
-- Rows added to or removed from item_tags, annotations or sticky_notes: one statement refreshes
-- all the items they belong to (a tag edit over many items, an import of many highlights).
CREATE OR REPLACE FUNCTION folio_search_rows_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_search_vectors(ARRAY(SELECT DISTINCT item_id FROM added));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_search_rows_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_search_vectors(ARRAY(SELECT DISTINCT item_id FROM removed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An annotation's or sticky note's text edited (or, never today, moved to another item).
CREATE OR REPLACE FUNCTION folio_search_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_search_vectors(ARRAY[OLD.item_id, NEW.item_id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_search_tag_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_search_vectors(ARRAY(SELECT item_id FROM item_tags WHERE tag_id = NEW.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_tags_search_added AFTER INSERT ON item_tags
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_search_rows_added();
--> statement-breakpoint
CREATE TRIGGER item_tags_search_removed AFTER DELETE ON item_tags
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION folio_search_rows_removed();
--> statement-breakpoint
CREATE TRIGGER tags_search_renamed AFTER UPDATE OF name ON tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION folio_search_tag_renamed();
--> statement-breakpoint
CREATE TRIGGER annotations_search_added AFTER INSERT ON annotations
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_search_rows_added();
--> statement-breakpoint
CREATE TRIGGER annotations_search_removed AFTER DELETE ON annotations
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION folio_search_rows_removed();
--> statement-breakpoint
CREATE TRIGGER annotations_search_changed AFTER UPDATE OF content, item_id ON annotations
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.item_id <> NEW.item_id)
  EXECUTE FUNCTION folio_search_row_changed();
--> statement-breakpoint
CREATE TRIGGER sticky_notes_search_added AFTER INSERT ON sticky_notes
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_search_rows_added();
--> statement-breakpoint
CREATE TRIGGER sticky_notes_search_removed AFTER DELETE ON sticky_notes
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION folio_search_rows_removed();
--> statement-breakpoint
CREATE TRIGGER sticky_notes_search_changed AFTER UPDATE OF content, item_id ON sticky_notes
  FOR EACH ROW WHEN (OLD.content IS DISTINCT FROM NEW.content OR OLD.item_id <> NEW.item_id)
  EXECUTE FUNCTION folio_search_row_changed();
--> statement-breakpoint
-- Every existing vector from the definition, rewriting only the rows a writer left out of date.
UPDATE items i SET search_vector = v.vector
FROM (
  SELECT x.id, folio_search_vector_of(x.id, x.title, x.description, x.note_content, x.url) AS vector FROM items x
) v
WHERE i.id = v.id AND i.search_vector IS DISTINCT FROM v.vector;
