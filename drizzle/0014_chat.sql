CREATE TABLE "conversation_members" (
	"conversation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "conversation_members_conversation_id_member_id_pk" PRIMARY KEY("conversation_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_low" bigint NOT NULL,
	"member_high" bigint NOT NULL,
	"started_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"awaiting_reply_since" timestamp with time zone,
	CONSTRAINT "conversations_pair_key" UNIQUE("member_low","member_high"),
	CONSTRAINT "conversations_ordered_pair" CHECK ("conversations"."member_low" < "conversations"."member_high")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"body" text NOT NULL,
	"client_id" uuid NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_conversation_seq_key" UNIQUE("conversation_id","seq"),
	CONSTRAINT "messages_sender_client_key" UNIQUE("sender_id","client_id"),
	CONSTRAINT "messages_credits_nonnegative" CHECK ("messages"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_low_users_id_fk" FOREIGN KEY ("member_low") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_high_users_id_fk" FOREIGN KEY ("member_high") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_member_idx" ON "conversation_members" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "conversations_member_high_idx" ON "conversations" USING btree ("member_high");--> statement-breakpoint
CREATE INDEX "conversations_started_by_idx" ON "conversations" USING btree ("started_by");--> statement-breakpoint
CREATE INDEX "conversations_awaiting_idx" ON "conversations" USING btree ("awaiting_reply_since") WHERE "conversations"."awaiting_reply_since" is not null;