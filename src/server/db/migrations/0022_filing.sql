-- Filing with the IRS from the product (decision 043): the SS-4 faxed through a provider (or filed
-- online by staff), the IRS's fax-backs received and matched to their orders, the IRS's letter kept on
-- the order.
--
-- One row per filing of an order. A fax filing is its own outbox: `queued` until a worker claims it
-- (`claimed_until`, `attempts`), `sending` once the provider took it (`provider_fax_id`; each attempt
-- is named by `attempt_key`, which travels with the fax, so an attempt whose answer was lost is found at
-- the provider instead of sent twice), then `delivered` or, after its last retry, `failed`; `held` until
-- `held_until` when the IRS's one-EIN-a-day rule keeps it back. `sent_at` is the IRS day it went out.
CREATE TABLE "filings" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"to_number" text,
	"from_number" text,
	"provider" text,
	"provider_fax_id" text,
	"attempt_key" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"pages" integer,
	"failure_reason" text,
	"held_until" timestamp with time zone,
	"hold_reason" text,
	"responsible_party_key" text,
	"requested_by" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"overdue_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "filings_provider_fax_id_unique" UNIQUE("provider_fax_id"),
	CONSTRAINT "filings_method_check" CHECK ("method" IN ('fax', 'online'))
);--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filings" ADD CONSTRAINT "filings_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "filings_order_id_idx" ON "filings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "filings_due_idx" ON "filings" USING btree ("next_attempt_at") WHERE "filings"."status" IN ('queued', 'held');--> statement-breakpoint
CREATE INDEX "filings_responsible_party_sent_idx" ON "filings" USING btree ("responsible_party_key", "sent_at");--> statement-breakpoint
CREATE INDEX "filings_awaiting_answer_idx" ON "filings" USING btree ("delivered_at") WHERE "filings"."status" = 'delivered' AND "filings"."answered_at" IS NULL;--> statement-breakpoint
-- A document a provider fetches to send (Telnyx takes a URL): the stamped SS-4, encrypted, behind a
-- token kept only as its SHA-256, for minutes.
CREATE TABLE "fax_media" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"filing_id" integer NOT NULL,
	"document" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"fetched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "fax_media" ADD CONSTRAINT "fax_media_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "filings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every fax received, stored encrypted and attached to nothing until it is matched: `received` until it
-- is read, then `unmatched` (staff match it), `matched` (to one filing with certainty: staff confirm) or
-- `confirmed` (its EIN recorded, its order completed); `dismissed` when staff set it aside.
CREATE TABLE "inbound_faxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_fax_id" text NOT NULL,
	"from_number" text,
	"to_number" text,
	"pages" integer,
	"document" text,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"claimed_until" timestamp with time zone,
	"filing_id" integer,
	"order_id" integer,
	"read_references" jsonb,
	"reference_source" text,
	"read_ein" text,
	"read_error" text,
	"read_at" timestamp with time zone,
	"match_method" text,
	"confirmed_by" text,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_faxes_provider_fax_id_unique" UNIQUE("provider", "provider_fax_id")
);--> statement-breakpoint
ALTER TABLE "inbound_faxes" ADD CONSTRAINT "inbound_faxes_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "filings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_faxes" ADD CONSTRAINT "inbound_faxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_faxes" ADD CONSTRAINT "inbound_faxes_confirmed_by_user_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_faxes_status_received_idx" ON "inbound_faxes" USING btree ("status", "received_at");--> statement-breakpoint
CREATE INDEX "inbound_faxes_order_id_idx" ON "inbound_faxes" USING btree ("order_id");--> statement-breakpoint
-- The IRS's letter on an order: its fax-back, or the confirmation letter (CP 575) staff upload after
-- filing online. Encrypted; the customer downloads it through a verified link.
CREATE TABLE "irs_letters" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"filing_id" integer,
	"source" text NOT NULL,
	"inbound_fax_id" integer,
	"document" text,
	"pages" integer,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "irs_letters_source_check" CHECK ("source" IN ('fax', 'upload'))
);--> statement-breakpoint
ALTER TABLE "irs_letters" ADD CONSTRAINT "irs_letters_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irs_letters" ADD CONSTRAINT "irs_letters_filing_id_filings_id_fk" FOREIGN KEY ("filing_id") REFERENCES "filings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irs_letters" ADD CONSTRAINT "irs_letters_inbound_fax_id_inbound_faxes_id_fk" FOREIGN KEY ("inbound_fax_id") REFERENCES "inbound_faxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irs_letters" ADD CONSTRAINT "irs_letters_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "irs_letters_order_id_idx" ON "irs_letters" USING btree ("order_id");--> statement-breakpoint
-- The built-in test transport's faxes (decision 043): what a provider would hold, so that a delivery
-- report, a simulated IRS reply or a received fax survives a restart like the provider's would.
CREATE TABLE "test_faxes" (
	"id" text PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"to_number" text NOT NULL,
	"from_number" text NOT NULL,
	"pages" integer,
	"failure_reason" text,
	"client_state" text,
	"report_at" timestamp with time zone,
	"irs_reply_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "test_faxes_report_idx" ON "test_faxes" USING btree ("report_at");--> statement-breakpoint
CREATE INDEX "test_faxes_irs_reply_idx" ON "test_faxes" USING btree ("irs_reply_at");--> statement-breakpoint
CREATE INDEX "test_faxes_client_state_idx" ON "test_faxes" USING btree ("client_state");
