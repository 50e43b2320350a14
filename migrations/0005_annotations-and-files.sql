CREATE TABLE "annotations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"shape" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"ann_md5" text NOT NULL,
	"color" text DEFAULT 'yellow' NOT NULL,
	"selector" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sticky_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"annotation_id" bigint NOT NULL,
	"content" text NOT NULL,
	"s_mode" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_files" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"blob_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"page_count" integer,
	"thumbnails" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rotation" integer DEFAULT 0 NOT NULL,
	"text_status" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticky_notes" ADD CONSTRAINT "sticky_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticky_notes" ADD CONSTRAINT "sticky_notes_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticky_notes" ADD CONSTRAINT "sticky_notes_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_files" ADD CONSTRAINT "item_files_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "annotations_item_md5_uq" ON "annotations" USING btree ("item_id","ann_md5");--> statement-breakpoint
CREATE INDEX "annotations_item_idx" ON "annotations" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "annotations_user_idx" ON "annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sticky_notes_annotation_idx" ON "sticky_notes" USING btree ("annotation_id");--> statement-breakpoint
CREATE INDEX "sticky_notes_item_idx" ON "sticky_notes" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_files_user_idx" ON "item_files" USING btree ("user_id");--> statement-breakpoint
-- Annotation text (highlighted quotes, float notes, Kindle highlights) and sticky notes join the search.
CREATE OR REPLACE FUNCTION folio_item_search_vector(p_item_id bigint) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('simple', coalesce(i.title, '')), 'A') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(t.name, ' ') FROM item_tags it JOIN tags t ON t.id = it.tag_id WHERE it.item_id = i.id
    ), '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(i.description, '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(regexp_replace(i.note_content, '<[^>]*>', ' ', 'g'), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(a.content, ' ') FROM annotations a WHERE a.item_id = i.id
    ), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce((
      SELECT string_agg(s.content, ' ') FROM sticky_notes s WHERE s.item_id = i.id
    ), '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(i.url, '')), 'C')
  FROM items i WHERE i.id = p_item_id
$$;
