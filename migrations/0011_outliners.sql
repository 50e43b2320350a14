CREATE TABLE "outliner_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"outliner_id" bigint NOT NULL,
	"parent_id" bigint,
	"position" text COLLATE "C" NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"collapsed" boolean DEFAULT false NOT NULL,
	"link_id" bigint,
	"ann_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outliner_settings" (
	"user_id" bigint NOT NULL,
	"show_quota" boolean DEFAULT true NOT NULL,
	"source_link" boolean DEFAULT true NOT NULL,
	CONSTRAINT "outliner_settings_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
CREATE TABLE "outliners" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"privacy" integer DEFAULT 0 NOT NULL,
	"share_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outliner_entries" ADD CONSTRAINT "outliner_entries_outliner_id_outliners_id_fk" FOREIGN KEY ("outliner_id") REFERENCES "public"."outliners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outliner_entries" ADD CONSTRAINT "outliner_entries_parent_id_outliner_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."outliner_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outliner_settings" ADD CONSTRAINT "outliner_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outliners" ADD CONSTRAINT "outliners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outliner_entries_tree_idx" ON "outliner_entries" USING btree ("outliner_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "outliner_entries_parent_idx" ON "outliner_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "outliner_entries_link_idx" ON "outliner_entries" USING btree ("link_id") WHERE "outliner_entries"."link_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outliner_entries_ann_idx" ON "outliner_entries" USING btree ("ann_id") WHERE "outliner_entries"."ann_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outliners_user_updated_idx" ON "outliners" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "outliners_share_key_uq" ON "outliners" USING btree ("share_key") WHERE "outliners"."share_key" IS NOT NULL;