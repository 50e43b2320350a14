-- The one definition of what an item's search covers. Later migrations replace this function
-- (CREATE OR REPLACE) when they add searchable text, e.g. annotations or captured pages.
CREATE OR REPLACE FUNCTION folio_item_search_vector(p_item_id bigint) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('simple', coalesce(i.title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(t.name, ' ') FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id
    ), '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(i.description, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(regexp_replace(i.note_content, '<[^>]*>', ' ', 'g'), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(i.url, '')), 'C')
  FROM items i WHERE i.id = p_item_id
$$;
