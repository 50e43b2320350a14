CREATE TABLE "group_annotations" (
	"id" bigint PRIMARY KEY DEFAULT nextval('annotations_id_seq') NOT NULL,
	"group_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"shape" integer NOT NULL,
	"content" text NOT NULL,
	"ann_md5" text NOT NULL,
	"color" text DEFAULT 'yellow' NOT NULL,
	"selector" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_annotations" ADD CONSTRAINT "group_annotations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_annotations" ADD CONSTRAINT "group_annotations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_annotations" ADD CONSTRAINT "group_annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_annotations_group_item_idx" ON "group_annotations" USING btree ("group_id","item_id","id");--> statement-breakpoint
CREATE INDEX "group_annotations_item_idx" ON "group_annotations" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "group_annotations_user_idx" ON "group_annotations" USING btree ("user_id");