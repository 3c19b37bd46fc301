CREATE TABLE "attribution_days" (
	"day" date NOT NULL,
	"network" text DEFAULT '' NOT NULL,
	"sub1" text DEFAULT '' NOT NULL,
	"lander" text DEFAULT '' NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"first_purchases" integer DEFAULT 0 NOT NULL,
	"revenue" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "attribution_days_day_network_sub1_lander_slug_pk" PRIMARY KEY("day","network","sub1","lander","slug")
);
--> statement-breakpoint
ALTER TABLE "tracking_records" ADD COLUMN "lander" text;--> statement-breakpoint
ALTER TABLE "tracking_records" ADD COLUMN "slug" text;