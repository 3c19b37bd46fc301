-- Written by hand: the time bonus's and the welcome discount's reservations that still count take
-- the shared first-purchase scope, one per member (a redeemed one first, else the oldest); any
-- other a member already had before this rule stays as it was, out of the new index.
UPDATE "discount_redemptions" SET "scope" = 'first-purchase:' || "user_id"
WHERE "id" IN (
  SELECT DISTINCT ON (r."user_id") r."id"
  FROM "discount_redemptions" r JOIN "discount_codes" c ON c."id" = r."code_id"
  WHERE c."kind" IN ('welcome', 'time_bonus') AND r."status" <> 'released'
  ORDER BY r."user_id", (r."status" = 'redeemed') DESC, r."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_first_purchase_idx" ON "discount_redemptions" USING btree ("scope") WHERE "discount_redemptions"."status" <> 'released' and "discount_redemptions"."scope" like 'first-purchase:%';