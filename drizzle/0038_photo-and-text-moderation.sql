CREATE TABLE "moderation_notices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"note" text,
	"photo_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dismissed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "text_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "text_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "rejection_note" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_notices" ADD CONSTRAINT "moderation_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_changes" ADD CONSTRAINT "text_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_notices_user_idx" ON "moderation_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "text_changes_status_idx" ON "text_changes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "text_changes_user_idx" ON "text_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "photos_pending_idx" ON "photos" USING btree ("created_at","id") WHERE "photos"."status" = 'pending';