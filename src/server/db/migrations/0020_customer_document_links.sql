-- Customer document links (decision 037): a link e-mailed to the customer that delivers one document of
-- their order (the sealed signed SS-4 first, the IRS's EIN letter next) once they answer the last four
-- digits of the responsible party's SSN. The token is kept only as its SHA-256, the verified browser's
-- session secret encrypted with the data key; five wrong answers lock the link.
CREATE TABLE "customer_document_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"document_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"session_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"locked_at" timestamp with time zone,
	"last_downloaded_at" timestamp with time zone,
	CONSTRAINT "customer_document_links_token_hash_unique" UNIQUE("token_hash")
);--> statement-breakpoint
ALTER TABLE "customer_document_links" ADD CONSTRAINT "customer_document_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_document_links_order_id_idx" ON "customer_document_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "customer_document_links_expires_at_idx" ON "customer_document_links" USING btree ("expires_at");
