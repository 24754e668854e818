-- The keyed hash of an application's company name and responsible party's taxpayer number
-- (decision 041): a new checkout whose hash matches a paid order of the last 30 days is told so before
-- payment, and staff see the orders that share it. The hash alone reveals neither the name nor the
-- number; it is erased with the checkout's application.
ALTER TABLE "checkouts" ADD COLUMN "duplicate_key" text;--> statement-breakpoint
CREATE INDEX "checkouts_duplicate_key_idx" ON "checkouts" USING btree ("duplicate_key") WHERE "checkouts"."duplicate_key" IS NOT NULL;
