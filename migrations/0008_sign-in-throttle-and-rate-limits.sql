CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- the old fixed-window counts do not translate into the new delays; they are short-lived anyway
DELETE FROM "auth_throttle";--> statement-breakpoint
ALTER TABLE "auth_throttle" DROP COLUMN "window_start";--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "last_failure_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_throttle" ADD COLUMN "blocked_until" timestamp with time zone NOT NULL;
