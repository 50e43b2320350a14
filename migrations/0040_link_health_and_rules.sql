CREATE TABLE "item_page_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"source_url" text NOT NULL,
	"final_url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"pictures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_check_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_checks" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'unchecked' NOT NULL,
	"status" integer,
	"final_url" text,
	"changed_ratio" real,
	"changed_text" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"actions" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "page_version_id" bigint;--> statement-breakpoint
ALTER TABLE "item_page_versions" ADD CONSTRAINT "item_page_versions_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_checks" ADD CONSTRAINT "link_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rules" ADD CONSTRAINT "rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_page_versions_item_idx" ON "item_page_versions" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_page_versions_user_idx" ON "item_page_versions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "link_checks_due_idx" ON "link_checks" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "link_checks_user_state_idx" ON "link_checks" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "rules_user_idx" ON "rules" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_page_version_id_item_page_versions_id_fk" FOREIGN KEY ("page_version_id") REFERENCES "public"."item_page_versions"("id") ON DELETE set null ON UPDATE no action;