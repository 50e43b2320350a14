CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "item_tags" (
	"item_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text,
	"host" text,
	"src_url" text,
	"note_content" text,
	"note_type" text,
	"unread" boolean DEFAULT false NOT NULL,
	"private" boolean DEFAULT true NOT NULL,
	"local_id" text,
	"thumbnail_url" text,
	"download_url" text,
	"permanent_url" text,
	"outliner_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"annotation_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"public_count" integer DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_tags" ADD CONSTRAINT "item_tags_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_tags" ADD CONSTRAINT "item_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_tags_item_tag_uq" ON "item_tags" USING btree ("item_id","tag_id");--> statement-breakpoint
CREATE INDEX "item_tags_tag_idx" ON "item_tags" USING btree ("tag_id","item_id");--> statement-breakpoint
CREATE INDEX "item_tags_user_idx" ON "item_tags" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "items_user_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_user_created_idx" ON "items" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_user_title_idx" ON "items" USING btree ("user_id",lower("title"),"id");--> statement-breakpoint
CREATE INDEX "items_user_type_updated_idx" ON "items" USING btree ("user_id","type","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "items_user_public_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "items"."private";--> statement-breakpoint
CREATE INDEX "items_user_unread_updated_idx" ON "items" USING btree ("user_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "items"."unread";--> statement-breakpoint
CREATE INDEX "items_user_host_idx" ON "items" USING btree ("user_id","host");--> statement-breakpoint
CREATE INDEX "items_user_search_idx" ON "items" USING gin ("user_id","search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "items_user_bookmark_url_uq" ON "items" USING btree ("user_id","url") WHERE "items"."type" = 'bookmark';--> statement-breakpoint
CREATE UNIQUE INDEX "tags_user_name_lower_uq" ON "tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tags_user_count_idx" ON "tags" USING btree ("user_id","item_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tags_user_recent_idx" ON "tags" USING btree ("user_id","last_used_at" DESC NULLS LAST);