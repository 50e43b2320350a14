CREATE TABLE "saved_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"feed_salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "items_user_updated_idx";--> statement-breakpoint
DROP INDEX "items_user_created_idx";--> statement-breakpoint
DROP INDEX "items_user_title_idx";--> statement-breakpoint
DROP INDEX "items_user_type_updated_idx";--> statement-breakpoint
DROP INDEX "items_user_public_updated_idx";--> statement-breakpoint
DROP INDEX "items_user_unread_updated_idx";--> statement-breakpoint
DROP INDEX "items_user_starred_updated_idx";--> statement-breakpoint
DROP INDEX "items_user_bookmark_url_uq";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "url_key" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "items_user_trashed_idx" ON "items" USING btree ("user_id","trashed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."trashed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "items_trashed_purge_idx" ON "items" USING btree ("trashed_at") WHERE "items"."trashed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "items_user_url_key_idx" ON "items" USING btree ("user_id","url_key") WHERE "items"."url_key" IS NOT NULL AND "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_created_idx" ON "items" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_title_idx" ON "items" USING btree ("user_id",lower("title"),"id") WHERE "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_type_updated_idx" ON "items" USING btree ("user_id","type","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_public_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "items"."private" AND "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_unread_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."unread" AND "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "items_user_starred_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."starred" AND "items"."trashed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "items_user_bookmark_url_uq" ON "items" USING btree ("user_id","url") WHERE "items"."type" = 'bookmark' AND "items"."trashed_at" IS NULL;--> statement-breakpoint
-- The key of shared/url-key.ts for the rows saved before it was kept (new rows get it from the
-- items repo): scheme, a leading www., trailing slashes, the fragment and tracking parameters
-- ignored, the other parameters sorted. Used once here, then dropped: the code's urlKey is the one.
CREATE OR REPLACE FUNCTION folio_url_key_once(address text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  m text[];
  q text;
BEGIN
  m := regexp_match(address,
    '^\s*[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^]]*\]|[^:/?#]*)(?::([0-9]*))?([^?#]*)(?:\?([^#]*))?');
  IF m IS NULL THEN RETURN lower(trim(address)); END IF;
  SELECT string_agg(p, '&' ORDER BY split_part(p, '=', 1) COLLATE "C", p COLLATE "C") INTO q
  FROM unnest(string_to_array(coalesce(m[4], ''), '&')) AS p
  WHERE p <> '' AND split_part(p, '=', 1) !~* '^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|ref_src|ref_url)$';
  RETURN regexp_replace(lower(m[1]), '^www\.', '')
    || CASE WHEN coalesce(m[2], '') IN ('', '80', '443') THEN '' ELSE ':' || m[2] END
    || regexp_replace(m[3], '/+$', '')
    || CASE WHEN q IS NULL THEN '' ELSE '?' || q END;
END
$$;
--> statement-breakpoint
UPDATE items SET url_key = folio_url_key_once(url) WHERE url IS NOT NULL;
--> statement-breakpoint
DROP FUNCTION folio_url_key_once(text);
--> statement-breakpoint
-- item_counts counts live items only: moving to the trash (or back) is a change like unread.
CREATE OR REPLACE FUNCTION folio_item_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.trashed_at IS NULL THEN
    UPDATE item_counts SET n = n - 1
    WHERE user_id = OLD.user_id AND type = OLD.type AND private = OLD.private AND unread = OLD.unread;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.trashed_at IS NULL THEN
    INSERT INTO item_counts (user_id, type, private, unread, n)
    VALUES (NEW.user_id, NEW.type, NEW.private, NEW.unread, 1)
    ON CONFLICT (user_id, type, private, unread) DO UPDATE SET n = item_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER items_counts_update ON items;
--> statement-breakpoint
CREATE TRIGGER items_counts_update AFTER UPDATE OF user_id, type, private, unread, trashed_at ON items
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.private IS DISTINCT FROM NEW.private OR OLD.unread IS DISTINCT FROM NEW.unread
        OR (OLD.trashed_at IS NULL) <> (NEW.trashed_at IS NULL))
  EXECUTE FUNCTION folio_item_counts();
--> statement-breakpoint
-- Tag counters count live items only. A tag whose items are all in the trash keeps its row (count
-- 0: no list shows it), so a restored item finds its tags; it goes when no item carries it at all.
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
    FROM added a JOIN items i ON i.id = a.item_id AND i.trashed_at IS NULL
    GROUP BY a.tag_id
  ) d
  WHERE t.id = d.tag_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_item_tags_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
    FROM removed r JOIN items i ON i.id = r.item_id AND i.trashed_at IS NULL
    GROUP BY r.tag_id
  ) d
  WHERE t.id = d.tag_id;
  DELETE FROM tags WHERE id IN (SELECT tag_id FROM removed) AND item_count = 0
    AND NOT EXISTS (SELECT 1 FROM item_tags it WHERE it.tag_id = tags.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_items_tag_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tags WHERE id IN (
    SELECT it.tag_id FROM old_items o JOIN new_items n ON n.id = o.id JOIN item_tags it ON it.item_id = n.id
    WHERE o.type <> n.type OR o.private <> n.private OR o.unread <> n.unread
      OR (o.annotation_count > 0) <> (n.annotation_count > 0)
      OR (o.trashed_at IS NULL) <> (n.trashed_at IS NULL)
  ) ORDER BY id FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;
  UPDATE tags t SET
    item_count = t.item_count + d.n,
    public_count = t.public_count + d.public, bookmark_count = t.bookmark_count + d.bookmarks,
    image_count = t.image_count + d.images, pdf_count = t.pdf_count + d.pdfs,
    note_count = t.note_count + d.notes, unread_count = t.unread_count + d.unread,
    annotated_count = t.annotated_count + d.annotated
  FROM (
    SELECT it.tag_id,
      sum(nl::int - ol::int) AS n,
      sum((nl AND NOT n.private)::int - (ol AND NOT o.private)::int) AS public,
      sum((nl AND n.type = 'bookmark')::int - (ol AND o.type = 'bookmark')::int) AS bookmarks,
      sum((nl AND n.type = 'image')::int - (ol AND o.type = 'image')::int) AS images,
      sum((nl AND n.type = 'pdf')::int - (ol AND o.type = 'pdf')::int) AS pdfs,
      sum((nl AND n.type = 'note')::int - (ol AND o.type = 'note')::int) AS notes,
      sum((nl AND n.unread)::int - (ol AND o.unread)::int) AS unread,
      sum((nl AND n.annotation_count > 0)::int - (ol AND o.annotation_count > 0)::int) AS annotated
    FROM old_items o JOIN new_items n ON n.id = o.id JOIN item_tags it ON it.item_id = n.id,
      LATERAL (SELECT o.trashed_at IS NULL AS ol, n.trashed_at IS NULL AS nl) live
    WHERE o.type <> n.type OR o.private <> n.private OR o.unread <> n.unread
      OR (o.annotation_count > 0) <> (n.annotation_count > 0)
      OR (o.trashed_at IS NULL) <> (n.trashed_at IS NULL)
    GROUP BY it.tag_id
  ) d
  WHERE t.id = d.tag_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An outliner's tree leaves out the entries of trashed items: moving one to the trash or back is a
-- change the tree shows.
DROP TRIGGER items_tree_changed ON items;
--> statement-breakpoint
CREATE TRIGGER items_tree_changed AFTER UPDATE OF title, url, type, trashed_at ON items
  FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.url IS DISTINCT FROM NEW.url OR OLD.type IS DISTINCT FROM NEW.type
        OR (OLD.trashed_at IS NULL) <> (NEW.trashed_at IS NULL))
  EXECUTE FUNCTION folio_tree_item_changed();
