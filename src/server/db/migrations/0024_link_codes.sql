-- The code a customer link e-mails to a responsible party with no SSN or ITIN (a foreign person), who
-- answers it instead of the last four digits of a taxpayer number: one row per link (a signing request
-- or a document link), a new code replacing the last. Only an HMAC of the code is kept, keyed with the
-- link's session secret (stored encrypted), so a copy of the table alone cannot be tried against the
-- million possible codes. A code works ten minutes and once; `codes_sent` caps how many one link sends.
CREATE TABLE "link_codes" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"link_kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"codes_sent" integer DEFAULT 1 NOT NULL
);--> statement-breakpoint
ALTER TABLE "link_codes" ADD CONSTRAINT "link_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_codes_order_id_idx" ON "link_codes" USING btree ("order_id");
