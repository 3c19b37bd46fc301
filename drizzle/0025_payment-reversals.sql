ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_delta_not_zero";--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD COLUMN "shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charged_back_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charged_back_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credits_taken_back" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credits_shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_gateway_payments" ADD COLUMN "charged_back_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_reversed_idx" ON "payments" USING btree ("user_id") WHERE "payments"."refunded_cents" > 0 or "payments"."charged_back_cents" > 0;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_shortfall_non_negative" CHECK ("credit_ledger"."shortfall" >= 0);--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_delta_not_zero" CHECK ("credit_ledger"."delta" <> 0 or "credit_ledger"."kind" = 'reversal');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_reversed_within_amount" CHECK ("payments"."refunded_cents" >= 0 and "payments"."charged_back_cents" >= 0 and "payments"."credits_taken_back" + "payments"."credits_shortfall" <= "payments"."credits");