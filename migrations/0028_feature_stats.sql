CREATE TABLE "feature_stats" (
	"day" date NOT NULL,
	"flag" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "feature_stats_day_flag_pk" PRIMARY KEY("day","flag")
);
