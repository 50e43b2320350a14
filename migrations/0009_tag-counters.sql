-- The counters on each tag row (items carrying it, public ones, each type, unread, annotated) are
-- kept here, by triggers, instead of by a recount in every writer. Locks on tag rows are taken in
-- id order so two transactions changing the same tags wait for each other instead of deadlocking.
CREATE OR REPLACE FUNCTION folio_item_tags_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM added) THEN RETURN NULL; END IF;
  PERFORM 1 FROM tags WHERE id IN (SELECT tag_id FROM added) ORDER BY id FOR NO KEY UPDATE;
  UPDATE tags t SET
    item_count = t.item_count + d.n, public_count = t.public_count + d.public,
    bookmark_count = t.bookmark_count + d.bookmarks, image_count = t.image_count + d.images,
    pdf_count = t.pdf_count + d.pdfs, note_count = t.note_count + d.notes,
    unread_count = t.unread_count + d.unread, annotated_count = t.annotated_count + d.annotated
  FROM (
    SELECT a.tag_id, count(*)::int AS n,
      (count(*) FILTER (WHERE NOT i.private))::int AS public,
      (count(*) FILTER (WHERE i.type = 'bookmark'))::int AS bookmarks,
      (count(*) FILTER (WHERE i.type = 'image'))::int AS images,
      (count(*) FILTER (WHERE i.type = 'pdf'))::int AS pdfs,
      (count(*) FILTER (WHERE i.type = 'note'))::int AS notes,
      (count(*) FILTER (WHERE i.unread))::int AS unread,
      (count(*) FILTER (WHERE i.annotation_count > 0))::int AS annotated
    FROM added a JOIN items i ON i.id = a.item_id
    GROUP BY a.tag_id
  ) d
  WHERE t.id = d.tag_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows leave item_tags while their item still exists (an item's delete removes them first, below);
-- a tag left on no item is gone, as it was when the writers recounted.
CREATE OR REPLACE FUNCTION folio_item_tags_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- every item's delete runs one, mostly empty (the cascade after the trigger below)
  IF NOT EXISTS (SELECT 1 FROM removed) THEN RETURN NULL; END IF;
  PERFORM 1 FROM tags WHERE id IN (SELECT tag_id FROM removed) ORDER BY id FOR NO KEY UPDATE;
  UPDATE tags t SET
    item_count = t.item_count - d.n, public_count = t.public_count - d.public,
    bookmark_count = t.bookmark_count - d.bookmarks, image_count = t.image_count - d.images,
    pdf_count = t.pdf_count - d.pdfs, note_count = t.note_count - d.notes,
    unread_count = t.unread_count - d.unread, annotated_count = t.annotated_count - d.annotated
  FROM (
    SELECT r.tag_id, count(*)::int AS n,
      (count(*) FILTER (WHERE NOT i.private))::int AS public,
      (count(*) FILTER (WHERE i.type = 'bookmark'))::int AS bookmarks,
      (count(*) FILTER (WHERE i.type = 'image'))::int AS images,
      (count(*) FILTER (WHERE i.type = 'pdf'))::int AS pdfs,
      (count(*) FILTER (WHERE i.type = 'note'))::int AS notes,
      (count(*) FILTER (WHERE i.unread))::int AS unread,
      (count(*) FILTER (WHERE i.annotation_count > 0))::int AS annotated
    FROM removed r JOIN items i ON i.id = r.item_id
    GROUP BY r.tag_id
  ) d
  WHERE t.id = d.tag_id;
  DELETE FROM tags WHERE id IN (SELECT tag_id FROM removed) AND item_count = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_item_tags_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'item_tags rows are inserted and deleted, never moved to another item or tag';
END
$$;
--> statement-breakpoint
-- An item's change of type, privacy, read state or annotated state moves it between its tags' tabs.
-- One statement for all the rows an UPDATE changed (a batch marks many items read), so the tags are
-- locked once, in id order.
CREATE OR REPLACE FUNCTION folio_items_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tags WHERE id IN (
    SELECT it.tag_id FROM old_items o JOIN new_items n ON n.id = o.id JOIN item_tags it ON it.item_id = n.id
    WHERE o.type <> n.type OR o.private <> n.private OR o.unread <> n.unread
      OR (o.annotation_count > 0) <> (n.annotation_count > 0)
  ) ORDER BY id FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  UPDATE tags t SET
    public_count = t.public_count + d.public, bookmark_count = t.bookmark_count + d.bookmarks,
    image_count = t.image_count + d.images, pdf_count = t.pdf_count + d.pdfs,
    note_count = t.note_count + d.notes, unread_count = t.unread_count + d.unread,
    annotated_count = t.annotated_count + d.annotated
  FROM (
    SELECT it.tag_id,
      sum((NOT n.private)::int - (NOT o.private)::int) AS public,
      sum((n.type = 'bookmark')::int - (o.type = 'bookmark')::int) AS bookmarks,
      sum((n.type = 'image')::int - (o.type = 'image')::int) AS images,
      sum((n.type = 'pdf')::int - (o.type = 'pdf')::int) AS pdfs,
      sum((n.type = 'note')::int - (o.type = 'note')::int) AS notes,
      sum(n.unread::int - o.unread::int) AS unread,
      sum((n.annotation_count > 0)::int - (o.annotation_count > 0)::int) AS annotated
    FROM old_items o JOIN new_items n ON n.id = o.id JOIN item_tags it ON it.item_id = n.id
    WHERE o.type <> n.type OR o.private <> n.private OR o.unread <> n.unread
      OR (o.annotation_count > 0) <> (n.annotation_count > 0)
    GROUP BY it.tag_id
  ) d
  WHERE t.id = d.tag_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The item's tag rows go before the item, while the triggers above can still read what it counted.
CREATE OR REPLACE FUNCTION folio_items_untag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM item_tags WHERE item_id = OLD.id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER item_tags_counts_insert AFTER INSERT ON item_tags
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_item_tags_added();
--> statement-breakpoint
CREATE TRIGGER item_tags_counts_delete AFTER DELETE ON item_tags
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION folio_item_tags_removed();
--> statement-breakpoint
CREATE TRIGGER item_tags_fixed BEFORE UPDATE OF item_id, tag_id ON item_tags
  FOR EACH ROW WHEN (OLD.item_id <> NEW.item_id OR OLD.tag_id <> NEW.tag_id)
  EXECUTE FUNCTION folio_item_tags_fixed();
--> statement-breakpoint
CREATE TRIGGER items_tag_counts_update AFTER UPDATE ON items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION folio_items_tag_counts();
--> statement-breakpoint
CREATE TRIGGER items_untag_before_delete BEFORE DELETE ON items
  FOR EACH ROW EXECUTE FUNCTION folio_items_untag();
--> statement-breakpoint
-- Start from a recount, and drop the tags no item carries.
UPDATE tags t SET
  item_count = coalesce(c.n, 0), public_count = coalesce(c.public, 0),
  bookmark_count = coalesce(c.bookmarks, 0), image_count = coalesce(c.images, 0),
  pdf_count = coalesce(c.pdfs, 0), note_count = coalesce(c.notes, 0),
  unread_count = coalesce(c.unread, 0), annotated_count = coalesce(c.annotated, 0)
FROM tags t2 LEFT JOIN (
  SELECT it.tag_id, count(*)::int AS n,
    (count(*) FILTER (WHERE NOT i.private))::int AS public,
    (count(*) FILTER (WHERE i.type = 'bookmark'))::int AS bookmarks,
    (count(*) FILTER (WHERE i.type = 'image'))::int AS images,
    (count(*) FILTER (WHERE i.type = 'pdf'))::int AS pdfs,
    (count(*) FILTER (WHERE i.type = 'note'))::int AS notes,
    (count(*) FILTER (WHERE i.unread))::int AS unread,
    (count(*) FILTER (WHERE i.annotation_count > 0))::int AS annotated
  FROM item_tags it JOIN items i ON i.id = it.item_id
  GROUP BY it.tag_id
) c ON c.tag_id = t2.id
WHERE t.id = t2.id;
--> statement-breakpoint
DELETE FROM tags WHERE item_count = 0;
