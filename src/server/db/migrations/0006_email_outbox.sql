-- Every e-mail is a row here, written in the same transaction as the event that causes it; a worker
-- sends it with retries. A claim expires, so a process that dies mid-send delays the message only.
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_message_id_unique" UNIQUE("message_id")
);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "status" = 'queued';--> statement-breakpoint
CREATE INDEX "email_outbox_order_id_idx" ON "email_outbox" USING btree ("order_id");--> statement-breakpoint
-- The built-in test processor's webhooks, kept until delivered so a restart does not forget them.
CREATE TABLE "test_payment_webhooks" (
	"event_id" text PRIMARY KEY NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "test_payment_webhooks_pending_idx" ON "test_payment_webhooks" USING btree ("next_attempt_at") WHERE "delivered_at" IS NULL;--> statement-breakpoint
-- Paid checkouts are never looked at again by the reconciliation; open ones with an intent are.
CREATE INDEX "checkouts_open_with_intent_idx" ON "checkouts" USING btree ("updated_at") WHERE "status" <> 'paid' AND "payment_intent_id" IS NOT NULL;
