-- One highlight by one member in one group's layer is one annotation, as an item's own are: a pair
-- that two requests at once made keeps its first row (with the sticky note either had).
UPDATE "group_annotations" k SET "note" = d."note"
FROM "group_annotations" d
WHERE d."group_id" = k."group_id" AND d."item_id" = k."item_id" AND d."user_id" = k."user_id"
  AND d."ann_md5" = k."ann_md5" AND d."id" > k."id" AND k."note" = '' AND d."note" <> '';--> statement-breakpoint
DELETE FROM "group_annotations" d USING "group_annotations" k
WHERE d."group_id" = k."group_id" AND d."item_id" = k."item_id" AND d."user_id" = k."user_id"
  AND d."ann_md5" = k."ann_md5" AND d."id" > k."id";--> statement-breakpoint
CREATE UNIQUE INDEX "group_annotations_group_item_user_md5_uq" ON "group_annotations" USING btree ("group_id","item_id","user_id","ann_md5");
