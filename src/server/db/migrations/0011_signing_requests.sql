-- The customer's electronic signature of Form SS-4 (decision 022). One row per link sent: the token
-- is kept only as its SHA-256; the signed PDF is encrypted with the data key, as the SSN is.
CREATE TABLE "signing_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"signer_email" text NOT NULL,
	"requested_by" text,
	"session_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signer_name" text,
	"signer_title" text,
	"signer_ip" text,
	"signer_user_agent" text,
	"signature_kind" text,
	"consents" jsonb,
	"unsigned_sha256" text,
	"signed_sha256" text,
	"signed_pdf" text,
	CONSTRAINT "signing_requests_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_requests" ADD CONSTRAINT "signing_requests_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_requests_order_id_created_at_idx" ON "signing_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "signing_requests_reminder_due_idx" ON "signing_requests" USING btree ("created_at") WHERE "status" in ('sent', 'verified') and "reminders_sent" = 0;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "changed_by_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_comments" ADD COLUMN "by_customer" boolean DEFAULT false NOT NULL;
