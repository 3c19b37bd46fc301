-- The old job table was emptied into pg-boss by every start since pg-boss took over (docs/decisions/0018).
-- A site that skipped those versions still holds unfinished jobs there: stop rather than lose them.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "jobs" WHERE "state" IN ('queued', 'running')) THEN
    RAISE EXCEPTION 'the old jobs table still holds unfinished jobs: start the previous version once, which moves them into pg-boss, then this one';
  END IF;
END $$;--> statement-breakpoint
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";
