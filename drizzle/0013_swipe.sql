CREATE TABLE "swipe_passes" (
	"member_id" bigint NOT NULL,
	"passed_id" bigint NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_passes_member_id_passed_id_pk" PRIMARY KEY("member_id","passed_id"),
	CONSTRAINT "swipe_passes_not_self" CHECK ("swipe_passes"."member_id" <> "swipe_passes"."passed_id")
);
--> statement-breakpoint
CREATE TABLE "swipe_states" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"next_time_zone" text,
	"day" date NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"last_passed_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_states_likes_non_negative" CHECK ("swipe_states"."likes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "swipe_passes" ADD CONSTRAINT "swipe_passes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_passes" ADD CONSTRAINT "swipe_passes_passed_id_users_id_fk" FOREIGN KEY ("passed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_states" ADD CONSTRAINT "swipe_states_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swipe_passes_recent_idx" ON "swipe_passes" USING btree ("member_id","passed_at","passed_id");--> statement-breakpoint
CREATE INDEX "swipe_passes_passed_idx" ON "swipe_passes" USING btree ("passed_id");