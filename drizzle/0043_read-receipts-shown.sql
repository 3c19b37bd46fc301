ALTER TABLE "conversation_members" ADD COLUMN "shown_read_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- What partners see today stays: the read position of members who show receipts and are visible.
-- Others start at nothing shown: what they read while hidden is not shown when they come back.
UPDATE "conversation_members" cm SET "shown_read_seq" = cm."last_read_seq"
FROM "users" u WHERE u."id" = cm."member_id" AND cm."read_receipts" AND NOT u."invisible";
