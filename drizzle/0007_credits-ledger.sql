CREATE TABLE "credit_accounts" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_accounts_balance_non_negative" CHECK ("credit_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_delta_not_zero" CHECK ("credit_ledger"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_credits_non_negative";--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_idx" ON "credit_ledger" USING btree ("kind","reference");--> statement-breakpoint
-- The balances move to their own table, each with the ledger row that explains it, before the column goes.
INSERT INTO "credit_accounts" ("user_id", "balance") SELECT "id", "credits" FROM "users";--> statement-breakpoint
INSERT INTO "credit_ledger" ("user_id", "kind", "delta", "balance_after", "reason", "reference")
  SELECT "id", 'adjustment', "credits", "credits", 'opening_balance', 'opening-balance:' || "id" FROM "users" WHERE "credits" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credits";