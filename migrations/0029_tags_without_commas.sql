-- Items carry their tags as one comma-joined t_name (RSS categories, exports, the web split it), so a
-- tag whose name holds a comma read as two. Such tags, stored before every typed comma separated tags,
-- are split into their names (cleaned as a typed name is: spaces folded, 100 characters, no empty or
-- no_tag), each merged into the user's tag of that name when there is one; their items keep every
-- part in the place the tag had. The counters follow through migration 0009's triggers on item_tags.
CREATE TEMPORARY TABLE tag_name_parts AS
SELECT DISTINCT ON (t.id, lower(p.name)) t.id AS tag_id, t.user_id, t.last_used_at, p.ord, p.name
FROM tags t
CROSS JOIN LATERAL (
  SELECT btrim(left(btrim(regexp_replace(part, '\s+', ' ', 'g')), 100)) AS name, ord
  FROM unnest(string_to_array(t.name, ',')) WITH ORDINALITY AS u(part, ord)
) p
WHERE position(',' in t.name) > 0
  AND p.name <> '' AND lower(p.name) <> 'no_tag'
  AND EXISTS (SELECT 1 FROM item_tags it WHERE it.tag_id = t.id)
ORDER BY t.id, lower(p.name), p.ord;
--> statement-breakpoint
-- new tags in the order their names were typed, so items list them in that order
INSERT INTO tags (user_id, name, last_used_at)
SELECT user_id, name, last_used_at FROM (
  SELECT DISTINCT ON (user_id, lower(name)) user_id, name, last_used_at, tag_id, ord
  FROM tag_name_parts ORDER BY user_id, lower(name), tag_id, ord
) firsts
ORDER BY tag_id, ord
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO item_tags (item_id, tag_id, user_id, position)
SELECT DISTINCT ON (it.item_id, t.id) it.item_id, t.id, it.user_id, it.position
FROM tag_name_parts p
JOIN item_tags it ON it.tag_id = p.tag_id
JOIN tags t ON t.user_id = p.user_id AND lower(t.name) = lower(p.name)
ORDER BY it.item_id, t.id, it.position
ON CONFLICT (item_id, tag_id) DO NOTHING;
--> statement-breakpoint
DROP TABLE tag_name_parts;
--> statement-breakpoint
-- their item_tags rows go with them (the delete trigger drops what they counted)
DELETE FROM tags WHERE position(',' in name) > 0;
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_name_without_comma" CHECK (position(',' in "tags"."name") = 0);
