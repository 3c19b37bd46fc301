CREATE TABLE "landing_free_messages" (
	"member_id" bigint NOT NULL,
	"partner_id" bigint NOT NULL,
	"remaining" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_free_messages_member_id_partner_id_pk" PRIMARY KEY("member_id","partner_id"),
	CONSTRAINT "landing_free_messages_remaining_nonnegative" CHECK ("landing_free_messages"."remaining" >= 0)
);
--> statement-breakpoint
ALTER TABLE "landing_free_messages" ADD CONSTRAINT "landing_free_messages_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_free_messages" ADD CONSTRAINT "landing_free_messages_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;