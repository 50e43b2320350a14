ALTER TABLE "tags" ADD COLUMN "bookmark_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "image_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "pdf_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "note_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "annotated_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE tags SET
  bookmark_count = c.bookmarks, image_count = c.images, pdf_count = c.pdfs, note_count = c.notes,
  unread_count = c.unread, annotated_count = c.annotated
FROM (
  SELECT it.tag_id,
    count(*) FILTER (WHERE i.type = 'bookmark') AS bookmarks,
    count(*) FILTER (WHERE i.type = 'image') AS images,
    count(*) FILTER (WHERE i.type = 'pdf') AS pdfs,
    count(*) FILTER (WHERE i.type = 'note') AS notes,
    count(*) FILTER (WHERE i.unread) AS unread,
    count(*) FILTER (WHERE i.annotation_count > 0) AS annotated
  FROM item_tags it JOIN items i ON i.id = it.item_id
  GROUP BY it.tag_id
) c
WHERE tags.id = c.tag_id;
