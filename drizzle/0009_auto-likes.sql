CREATE TABLE "auto_likes" (
	"member_id" bigint NOT NULL,
	"liker_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_likes_member_id_liker_id_pk" PRIMARY KEY("member_id","liker_id")
);
--> statement-breakpoint
ALTER TABLE "auto_likes" ADD CONSTRAINT "auto_likes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_likes" ADD CONSTRAINT "auto_likes_liker_id_users_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_likes_recent_idx" ON "auto_likes" USING btree ("member_id","created_at" DESC NULLS LAST);