CREATE TABLE "review_answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"annotation_id" bigint NOT NULL,
	"grade" smallint NOT NULL,
	"day" date NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"annotation_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"excluded" boolean DEFAULT false NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"cards_per_day" integer DEFAULT 10 NOT NULL,
	"sources" text[] DEFAULT '{page,pdf,kindle,note}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"new_join" boolean DEFAULT true NOT NULL,
	"digest" text DEFAULT 'off' NOT NULL,
	"digest_hour" smallint DEFAULT 8 NOT NULL,
	"digest_weekday" smallint DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"origin" text,
	"digest_sent_for" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_answers_user_day_idx" ON "review_answers" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "review_cards_user_due_idx" ON "review_cards" USING btree ("user_id","due");