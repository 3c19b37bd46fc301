CREATE TABLE "chat_images" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uploader_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gifts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"credits" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "gifts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "gifts_credits_positive" CHECK ("gifts"."credits" is null or "gifts"."credits" > 0)
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "read_receipts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "gift_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_id" bigint;--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD COLUMN "daily_limit" integer;--> statement-breakpoint
ALTER TABLE "chat_images" ADD CONSTRAINT "chat_images_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_images_uploader_idx" ON "chat_images" USING btree ("uploader_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_image_id_chat_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."chat_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_image_key" UNIQUE("image_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_known" CHECK ("messages"."kind" in ('text', 'image', 'gift'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_gift_has_gift" CHECK ("messages"."kind" <> 'gift' or "messages"."gift_id" is not null);--> statement-breakpoint
ALTER TABLE "credit_accounts" ADD CONSTRAINT "credit_accounts_daily_limit_positive" CHECK ("credit_accounts"."daily_limit" is null or "credit_accounts"."daily_limit" > 0);