CREATE TABLE "blog_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"service" text NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"end_point" text NOT NULL,
	"user_name" text NOT NULL,
	"password_sealed" text NOT NULL,
	"valid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_accounts" ADD CONSTRAINT "blog_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_accounts_user_id_idx" ON "blog_accounts" USING btree ("user_id");