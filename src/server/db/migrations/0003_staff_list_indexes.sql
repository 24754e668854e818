-- Trigram indexes serve the staff list's "contains" search. The extension goes to the public schema,
-- whatever the search path, so databases that live in other schemas share it safely. The lock keeps
-- two instances (or test schemas) migrating at once from both trying to create it.
SELECT pg_advisory_xact_lock(4640017003);--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;--> statement-breakpoint
CREATE INDEX "orders_application_id_trgm_idx" ON "orders" USING gin ("application_id" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_billing_email_trgm_idx" ON "orders" USING gin ("billing_email" public.gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_assigned_to_status_idx" ON "orders" USING btree ("assigned_to","status");
