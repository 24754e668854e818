-- Data retention and customer data requests (decision 027). A checkout or an order whose personal data
-- was erased keeps its row for bookkeeping and says when it was erased; an erased order keeps the last
-- four digits of its EIN. Each partial index serves one pass of the purge job, so a pass reads only
-- what is due.
ALTER TABLE "checkouts" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ein_last_four" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_unpaid_retention_idx" ON "checkouts" USING btree ("updated_at","id") WHERE "checkouts"."status" = 'open' AND "checkouts"."purged_at" IS NULL;--> statement-breakpoint
CREATE INDEX "checkouts_email_lower_idx" ON "checkouts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "orders_pii_retention_idx" ON "orders" USING btree ((coalesce("completed_at", "updated_at")),"id") WHERE "orders"."status" IN ('completed', 'cancelled') AND "orders"."personal_data_erased_at" IS NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_retention_idx" ON "email_outbox" USING btree ((coalesce("sent_at", "created_at")),"id") WHERE "email_outbox"."status" IN ('sent', 'failed');
