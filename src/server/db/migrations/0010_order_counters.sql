-- Counts of orders by assignee, status and priority, kept by statement-level triggers on `orders` in the
-- same transaction as each change (a TRUNCATE empties them), so the staff list's counters, its per-filter totals and the users'
-- active orders are read from a few hundred rows instead of counting the whole table. `assignee` is ''
-- for unassigned orders (a key column cannot be null).
LOCK TABLE "orders" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "order_counters" (
	"assignee" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"priority" text NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_counters_pkey" PRIMARY KEY("assignee","status","priority")
);--> statement-breakpoint
INSERT INTO "order_counters" ("assignee", "status", "priority", "orders")
	SELECT coalesce("assigned_to", ''), "status", "priority", count(*) FROM "orders" GROUP BY 1, 2, 3;--> statement-breakpoint
-- One function for the three triggers: the changed rows are netted per key (+1 for a new row, -1 for an
-- old one), keys whose count does not change are skipped, and the rest are written in key order so two
-- transactions touching the same counters lock them in the same order. The schema is pinned, so the
-- triggers write the counters next to their table whatever the caller's search path.
CREATE FUNCTION "order_counters_apply"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM order_counters;
	ELSIF TG_OP = 'INSERT' THEN
		INSERT INTO order_counters AS counter (assignee, status, priority, orders)
			SELECT coalesce(assigned_to, ''), status, priority, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
			ON CONFLICT (assignee, status, priority) DO UPDATE SET orders = counter.orders + excluded.orders;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO order_counters AS counter (assignee, status, priority, orders)
			SELECT coalesce(assigned_to, ''), status, priority, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
			ON CONFLICT (assignee, status, priority) DO UPDATE SET orders = counter.orders + excluded.orders;
	ELSE
		INSERT INTO order_counters AS counter (assignee, status, priority, orders)
			SELECT assignee, status, priority, sum(change) FROM (
				SELECT coalesce(assigned_to, '') AS assignee, status, priority, 1 AS change FROM new_rows
				UNION ALL
				SELECT coalesce(assigned_to, ''), status, priority, -1 FROM old_rows
			) AS changes
			GROUP BY 1, 2, 3 HAVING sum(change) <> 0 ORDER BY 1, 2, 3
			ON CONFLICT (assignee, status, priority) DO UPDATE SET orders = counter.orders + excluded.orders;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_counters_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_counters_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_counters_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_counters_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_counters_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_counters_apply"();--> statement-breakpoint
-- The list's pages come from an index that holds the rows in the list's order for each filter, so
-- the first page and each next one (keyset paging) read 25 index entries. The status filter goes by
-- the status as staff read it (legacy values mapped, src/server/orders/stored-statuses.ts) and the
-- counters' links by the counter group, so each is one equality. The fulfiller's indexes start with
-- the assignee.
DROP INDEX "orders_status_create_date_idx";--> statement-breakpoint
DROP INDEX "orders_priority_create_date_idx";--> statement-breakpoint
DROP INDEX "orders_assigned_to_create_date_idx";--> statement-breakpoint
DROP INDEX "orders_assigned_to_status_idx";--> statement-breakpoint
CREATE INDEX "orders_status_read_create_date_idx" ON "orders" USING btree ((CASE "status" WHEN 'submitted' THEN 'reviewing_form_data' WHEN 'assigned' THEN 'reviewing_form_data' WHEN 'in_progress' THEN 'reviewing_form_data' WHEN 'irs_submitted' THEN 'submitted_to_irs' ELSE "status" END),"create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_counter_group_create_date_idx" ON "orders" USING btree ((CASE WHEN "status" IN ('reviewing_form_data', 'submitted', 'assigned', 'in_progress') THEN 'new' WHEN "status" IN ('checking_company_registration', 'preparing_ss4_form', 'awaiting_user_signature', 'ss4_signed_awaiting_irs', 'submitted_to_irs', 'irs_submitted') THEN 'in_progress' ELSE "status" END),"create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_priority_create_date_id_idx" ON "orders" USING btree ("priority","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_assignee_create_date_idx" ON "orders" USING btree ("assigned_to","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_assignee_status_read_create_date_idx" ON "orders" USING btree ("assigned_to",(CASE "status" WHEN 'submitted' THEN 'reviewing_form_data' WHEN 'assigned' THEN 'reviewing_form_data' WHEN 'in_progress' THEN 'reviewing_form_data' WHEN 'irs_submitted' THEN 'submitted_to_irs' ELSE "status" END),"create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_assignee_counter_group_create_date_idx" ON "orders" USING btree ("assigned_to",(CASE WHEN "status" IN ('reviewing_form_data', 'submitted', 'assigned', 'in_progress') THEN 'new' WHEN "status" IN ('checking_company_registration', 'preparing_ss4_form', 'awaiting_user_signature', 'ss4_signed_awaiting_irs', 'submitted_to_irs', 'irs_submitted') THEN 'in_progress' ELSE "status" END),"create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_assignee_priority_create_date_idx" ON "orders" USING btree ("assigned_to","priority","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Search by company name, as by tracking number and e-mail (migration 0003).
CREATE INDEX "orders_company_name_trgm_idx" ON "orders" USING gin (("form_data" -> 'company' ->> 'companyName') public.gin_trgm_ops);
