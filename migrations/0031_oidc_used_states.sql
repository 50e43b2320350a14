CREATE TABLE "oidc_used_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "oidc_used_states_expires_idx" ON "oidc_used_states" USING btree ("expires_at");