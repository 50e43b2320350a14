-- Items' outliner_ids list the outliners holding them as item entries (the library's ouliner_id and
-- its inoutliner filter), recomputed for the items an entry statement touched.
CREATE OR REPLACE FUNCTION folio_refresh_outliner_ids(p_ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_ids IS NULL OR cardinality(p_ids) = 0 THEN RETURN; END IF;
  UPDATE items i SET outliner_ids = h.ids
  FROM (
    SELECT x.id, coalesce((
      SELECT array_agg(DISTINCT e.outliner_id ORDER BY e.outliner_id)
      FROM outliner_entries e WHERE e.link_id = x.id AND e.kind = 'item'
    ), '{}'::bigint[]) AS ids
    FROM unnest(p_ids) AS x(id)
  ) h
  WHERE i.id = h.id AND i.outliner_ids IS DISTINCT FROM h.ids;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_outliner_entries_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_outliner_ids(ARRAY(
    SELECT DISTINCT link_id FROM added WHERE kind = 'item' AND link_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION folio_outliner_entries_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_outliner_ids(ARRAY(
    SELECT DISTINCT link_id FROM removed WHERE kind = 'item' AND link_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows whose item, kind or outliner changed count (both the old and the new item are
-- recomputed): editing text or moving costs one join.
CREATE OR REPLACE FUNCTION folio_outliner_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM folio_refresh_outliner_ids(ARRAY(
    SELECT DISTINCT v.link_id
    FROM old_entries o
    JOIN new_entries n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.link_id, o.kind), (n.link_id, n.kind)) AS v(link_id, kind)
    WHERE (o.link_id IS DISTINCT FROM n.link_id OR o.kind <> n.kind OR o.outliner_id <> n.outliner_id)
      AND v.kind = 'item' AND v.link_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER outliner_entries_added AFTER INSERT ON outliner_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION folio_outliner_entries_added();
--> statement-breakpoint
CREATE TRIGGER outliner_entries_removed AFTER DELETE ON outliner_entries
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION folio_outliner_entries_removed();
--> statement-breakpoint
CREATE TRIGGER outliner_entries_changed AFTER UPDATE ON outliner_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION folio_outliner_entries_changed();
--> statement-breakpoint
-- A deleted item never leaves a dangling entry: its item entries keep its title (or address) as
-- plain text, its highlight entries their quote (the text they were added with).
CREATE OR REPLACE FUNCTION folio_items_leave_outliners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outliner_entries e SET
    kind = 'text',
    text = CASE WHEN e.kind = 'item' THEN coalesce(nullif(g.title, ''), g.url, e.text) ELSE e.text END,
    link_id = NULL,
    ann_id = NULL,
    updated_at = now()
  FROM gone g
  WHERE e.link_id = g.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER items_leave_outliners AFTER DELETE ON items
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION folio_items_leave_outliners();
--> statement-breakpoint
-- A removed highlight's entries keep its quote as plain text.
CREATE OR REPLACE FUNCTION folio_annotations_leave_outliners() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE outliner_entries e SET
    kind = 'text',
    text = CASE WHEN e.kind = 'highlight' AND g.content <> '' THEN g.content ELSE e.text END,
    link_id = NULL,
    ann_id = NULL,
    updated_at = now()
  FROM gone g
  WHERE e.ann_id = g.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER annotations_leave_outliners AFTER DELETE ON annotations
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION folio_annotations_leave_outliners();
