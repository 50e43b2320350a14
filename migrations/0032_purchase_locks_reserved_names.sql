CREATE TABLE "purchase_locks" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_locks" ADD CONSTRAINT "purchase_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Former user names are reserved for their owner for a year (issue 27). A former name that another
-- user took before the reservation existed is theirs now: drop the row, so its pages stop being sent
-- to the former owner and the name is no one's reservation.
DELETE FROM "former_user_names" AS f USING "users" AS u
  WHERE lower(f."name") = lower(u."name") AND f."user_id" <> u."id";
