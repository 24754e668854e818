CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"form_data" jsonb NOT NULL,
	"email" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_intent_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_draft_id_unique" UNIQUE("draft_id"),
	CONSTRAINT "checkouts_tracking_number_unique" UNIQUE("tracking_number"),
	CONSTRAINT "checkouts_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"billing_email" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"payment_status" text NOT NULL,
	"payment_method" text,
	"payment_intent_id" text NOT NULL,
	"priority" text DEFAULT 'standard' NOT NULL,
	"status" text DEFAULT 'reviewing_form_data' NOT NULL,
	"assigned_to" text,
	"assigned_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"due_date" timestamp with time zone,
	"ein" text,
	"notes" text DEFAULT '' NOT NULL,
	"form_data" jsonb NOT NULL,
	"confirmation_email_sent_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "orders_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "orders_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"payment_method_type" text,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_create_date_id_idx" ON "orders" USING btree ("create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_create_date_idx" ON "orders" USING btree ("status","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_priority_create_date_idx" ON "orders" USING btree ("priority","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_assigned_to_create_date_idx" ON "orders" USING btree ("assigned_to","create_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_billing_email_lower_idx" ON "orders" USING btree (lower("billing_email"));