ALTER TABLE "notification_mails" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
-- Every mail claimed before this column was handed over under the old rule (never again after a
-- claim): marked sent, so none of them leaves a second time.
UPDATE "notification_mails" SET "sent_at" = "claimed_at";
