CREATE TABLE "item_pages" (
	"item_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"source_url" text NOT NULL,
	"final_url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"lead_image_url" text,
	"captured_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" bigint,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "page_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "capture_status" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "capture_error" text;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "captured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "item_pages" ADD CONSTRAINT "item_pages_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_pages_user_idx" ON "item_pages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_user_idx" ON "jobs" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queued_dedupe_uq" ON "jobs" USING btree ("kind","dedupe_key") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "items_user_page_search_idx" ON "items" USING gin ("user_id","page_vector");