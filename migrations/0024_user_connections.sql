CREATE TABLE "user_connections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"identify" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_connections" ADD CONSTRAINT "user_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_connections_subject_uq" ON "user_connections" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "user_connections_user_provider_uq" ON "user_connections" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "user_connections_user_idx" ON "user_connections" USING btree ("user_id");