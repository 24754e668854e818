-- The dashboard's figures (decision 066), computed ahead by the refresh job so that a dashboard call
-- reads a few hundred rows whatever the number of orders.
-- Per Eastern day and assignee ('' for none): the events of the day, each counted on the day it happened.
CREATE TABLE "dashboard_days" (
	"day" date NOT NULL,
	"assignee" text DEFAULT '' NOT NULL,
	"checkouts_started" integer DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunded_orders" integer DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"disputes" integer DEFAULT 0 NOT NULL,
	"entered_awaiting_signature" integer DEFAULT 0 NOT NULL,
	"entered_awaiting_filing" integer DEFAULT 0 NOT NULL,
	"entered_at_irs" integer DEFAULT 0 NOT NULL,
	"entered_overdue" integer DEFAULT 0 NOT NULL,
	"entered_completed" integer DEFAULT 0 NOT NULL,
	"fax_first_time" integer DEFAULT 0 NOT NULL,
	"fax_after_retries" integer DEFAULT 0 NOT NULL,
	"fax_given_up" integer DEFAULT 0 NOT NULL,
	"faxbacks_automatic" integer DEFAULT 0 NOT NULL,
	"faxbacks_by_hand" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_days_pkey" PRIMARY KEY("day","assignee")
);--> statement-breakpoint
-- Per Eastern week (its Monday), assignee ('*' for every order) and filing method: the orders whose
-- EIN came that week, and the median and 90th percentile of the hours from payment to EIN.
CREATE TABLE "dashboard_weeks" (
	"week" date NOT NULL,
	"assignee" text NOT NULL,
	"method" text NOT NULL,
	"orders" integer NOT NULL,
	"median_hours" double precision NOT NULL,
	"p90_hours" double precision NOT NULL,
	CONSTRAINT "dashboard_weeks_pkey" PRIMARY KEY("week","assignee","method")
);--> statement-breakpoint
-- When the figures were last computed, and last computed for their whole window.
CREATE TABLE "dashboard_refreshes" (
	"id" integer PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL,
	"rebuilt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dashboard_refreshes_single_row" CHECK ("id" = 1)
);--> statement-breakpoint
-- What the refresh reads of its recent days, by the time each event happened.
CREATE INDEX "order_status_history_changed_at_idx" ON "order_status_history" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "checkouts_created_at_idx" ON "checkouts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_completed_at_idx" ON "orders" USING btree ("completed_at") WHERE "completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_disputed_at_idx" ON "orders" USING btree ("disputed_at") WHERE "disputed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_updated_at_idx" ON "refunds" USING btree ("updated_at") WHERE "state" = 'succeeded';--> statement-breakpoint
CREATE INDEX "filings_delivered_at_idx" ON "filings" USING btree ("delivered_at") WHERE "method" = 'fax' AND "delivered_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "filings_given_up_idx" ON "filings" USING btree ("updated_at") WHERE "method" = 'fax' AND "status" = 'failed';
