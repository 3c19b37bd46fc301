ALTER TABLE "conversations" ADD COLUMN "operated_member_id" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_operated_member_id_users_id_fk" FOREIGN KEY ("operated_member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "conversations" c SET "operated_member_id" = u."id" FROM "users" u WHERE u."fictional" AND u."id" IN (c."member_low", c."member_high");
