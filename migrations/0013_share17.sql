CREATE TABLE "item_share_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"share_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"email" text NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"recipient_count" integer NOT NULL,
	"item_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_share_links" ADD CONSTRAINT "item_share_links_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_share_links" ADD CONSTRAINT "item_share_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_contacts" ADD CONSTRAINT "mail_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_messages" ADD CONSTRAINT "sent_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_share_links_key_uq" ON "item_share_links" USING btree ("share_key");--> statement-breakpoint
CREATE UNIQUE INDEX "item_share_links_item_uq" ON "item_share_links" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_share_links_user_idx" ON "item_share_links" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_contacts_user_email_uq" ON "mail_contacts" USING btree ("user_id","email");--> statement-breakpoint
CREATE INDEX "mail_contacts_user_sent_idx" ON "mail_contacts" USING btree ("user_id","last_sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sent_messages_user_created_idx" ON "sent_messages" USING btree ("user_id","created_at");