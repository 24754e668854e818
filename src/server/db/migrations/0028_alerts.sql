-- Alerts before customers notice (decision 065). One row per occurrence of a condition (a fax given
-- up, e-mails not going out, ...): opened when a check first finds it, closed when a check finds it
-- gone, each with its e-mail to the admins written in the same transaction. The partial unique index
-- lets only one occurrence of a condition be open, so two checks at once (two instances) open it once.
CREATE TABLE "alert_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"tracking_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"measured" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "alert_occurrences_open_key_idx" ON "alert_occurrences" USING btree ("key") WHERE "ended_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alert_occurrences_started_at_idx" ON "alert_occurrences" USING btree ("started_at");--> statement-breakpoint
-- When each background job last completed, written by the job's own run: a stopped job runner cannot
-- report itself, so a timer outside it reads these.
CREATE TABLE "job_heartbeats" (
	"job" text PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- A staff member who may see alerts receives their e-mails unless they turn them off on My Account.
ALTER TABLE "user" ADD COLUMN "alert_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- When the provider first said the checkout's payment succeeded: an order should follow within
-- moments; one still missing long after is a payment waiting for reconciliation.
ALTER TABLE "checkouts" ADD COLUMN "payment_succeeded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_succeeded_without_order_idx" ON "checkouts" USING btree ("payment_succeeded_at") WHERE "status" <> 'paid' AND "payment_succeeded_at" IS NOT NULL;
