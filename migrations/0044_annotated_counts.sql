ALTER TABLE "item_counts" ADD COLUMN "annotated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "item_counts" DROP CONSTRAINT "item_counts_user_id_type_private_unread_pk";--> statement-breakpoint
ALTER TABLE "item_counts" ADD CONSTRAINT "item_counts_user_id_type_private_unread_annotated_pk" PRIMARY KEY("user_id","type","private","unread","annotated");--> statement-breakpoint
CREATE INDEX "items_user_annotated_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."annotation_count" > 0 AND "items"."trashed_at" IS NULL;--> statement-breakpoint
-- The counters also say whether the items carry annotations, so the Annotated filter's total is a
-- read of a few rows (it counted 20,000 rows out of 100,000 at each request: 250 ms on PostgreSQL).
CREATE OR REPLACE FUNCTION folio_item_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.trashed_at IS NULL THEN
    UPDATE item_counts SET n = n - 1
    WHERE user_id = OLD.user_id AND type = OLD.type AND private = OLD.private AND unread = OLD.unread
      AND annotated = (OLD.annotation_count > 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.trashed_at IS NULL THEN
    INSERT INTO item_counts (user_id, type, private, unread, annotated, n)
    VALUES (NEW.user_id, NEW.type, NEW.private, NEW.unread, NEW.annotation_count > 0, 1)
    ON CONFLICT (user_id, type, private, unread, annotated) DO UPDATE SET n = item_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER items_counts_update ON items;
--> statement-breakpoint
CREATE TRIGGER items_counts_update AFTER UPDATE OF user_id, type, private, unread, trashed_at, annotation_count ON items
  FOR EACH ROW
  WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.type IS DISTINCT FROM NEW.type
        OR OLD.private IS DISTINCT FROM NEW.private OR OLD.unread IS DISTINCT FROM NEW.unread
        OR (OLD.trashed_at IS NULL) <> (NEW.trashed_at IS NULL)
        OR (OLD.annotation_count > 0) <> (NEW.annotation_count > 0))
  EXECUTE FUNCTION folio_item_counts();
--> statement-breakpoint
DELETE FROM item_counts;
--> statement-breakpoint
INSERT INTO item_counts (user_id, type, private, unread, annotated, n)
SELECT user_id, type, private, unread, annotation_count > 0, count(*)::int
FROM items WHERE trashed_at IS NULL
GROUP BY user_id, type, private, unread, annotation_count > 0;
