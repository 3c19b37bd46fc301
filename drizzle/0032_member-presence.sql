CREATE TABLE "member_presence" (
	"user_id" bigint NOT NULL,
	"instance" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_presence_user_id_instance_pk" PRIMARY KEY("user_id","instance")
);
--> statement-breakpoint
ALTER TABLE "member_presence" ADD CONSTRAINT "member_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;