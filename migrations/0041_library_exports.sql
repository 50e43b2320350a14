CREATE TABLE "backup_schedules" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"keep" integer NOT NULL,
	"destination" text DEFAULT 'server' NOT NULL,
	"format" text DEFAULT 'folio' NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_result" text,
	"last_message" text,
	"failure_mailed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_exports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"format" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"blob_key" text,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "backup_schedules" ADD CONSTRAINT "backup_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_exports" ADD CONSTRAINT "library_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_schedules_due_idx" ON "backup_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "library_exports_user_idx" ON "library_exports" USING btree ("user_id","id");