ALTER TABLE "credit_accounts" ADD COLUMN "limit_time_zone" text;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "spent_day" date;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "spent_today" integer DEFAULT 0 NOT NULL;