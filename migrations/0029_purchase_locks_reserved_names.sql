CREATE TABLE "purchase_locks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_locks" ADD CONSTRAINT "purchase_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;