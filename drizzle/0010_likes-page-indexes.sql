DROP INDEX "likes_received_idx";--> statement-breakpoint
CREATE INDEX "likes_received_page_idx" ON "likes" USING btree ("liked_id",("seen_at" is not null),"created_at" DESC NULLS FIRST,"liker_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "likes_given_idx" ON "likes" USING btree ("liker_id","created_at" DESC NULLS FIRST,"liked_id" DESC NULLS FIRST);