CREATE TABLE "operator_claims" (
	"conversation_id" bigint PRIMARY KEY NOT NULL,
	"staff_id" bigint NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_notes" (
	"member_id" bigint NOT NULL,
	"profile_id" bigint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "operator_notes_member_id_profile_id_pk" PRIMARY KEY("member_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "operator_replies" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"staff_id" bigint NOT NULL,
	"profile_id" bigint NOT NULL,
	"waiting_since" timestamp with time zone,
	"claimed_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_claims" ADD CONSTRAINT "operator_claims_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_notes" ADD CONSTRAINT "operator_notes_updated_by_staff_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_replies" ADD CONSTRAINT "operator_replies_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_claims_staff_key" ON "operator_claims" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "operator_replies_staff_idx" ON "operator_replies" USING btree ("staff_id","replied_at");--> statement-breakpoint
CREATE INDEX "operator_replies_profile_idx" ON "operator_replies" USING btree ("profile_id","replied_at");--> statement-breakpoint
CREATE INDEX "operator_replies_conversation_idx" ON "operator_replies" USING btree ("conversation_id","replied_at");