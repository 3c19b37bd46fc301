CREATE TABLE "payment_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_notices" ADD CONSTRAINT "payment_notices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_notices_payment_idx" ON "payment_notices" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payment_notices_received_idx" ON "payment_notices" USING btree ("received_at");