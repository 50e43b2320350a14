ALTER TABLE "user_settings" ADD COLUMN "guides_seen" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- accounts made before this migration have been past their first screen: the library guide
-- (remembered only by a cookie until now) does not come back to them in a new browser
INSERT INTO "user_settings" ("user_id", "guides_seen")
SELECT "id", ARRAY['library'] FROM "users"
ON CONFLICT ("user_id") DO UPDATE SET "guides_seen" = ARRAY['library'];
