-- The order's lifecycle has one owner (decision 031).
-- The payment status follows the refunds: orders refunded before this migration say so too.
UPDATE "orders" SET "payment_status" = CASE WHEN "refunded"."cents" >= "orders"."amount" THEN 'refunded' ELSE 'partially_refunded' END
	FROM (SELECT "order_id", sum("amount_cents") AS "cents" FROM "refunds" WHERE "state" = 'succeeded' GROUP BY "order_id") AS "refunded"
	WHERE "refunded"."order_id" = "orders"."id" AND "refunded"."cents" > 0 AND "orders"."payment_status" = 'paid';--> statement-breakpoint
-- An order's version, raised by every update of its row: a staff edit names the version it was made
-- on, and is refused when the order has changed since.
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "orders_next_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := OLD.version + 1;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_next_version" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "orders_next_version"();--> statement-breakpoint
-- A counter's link of several statuses reads each status's index in turn (src/server/fulfilment/
-- find-orders.ts), so no index holds the statuses of a counter and a new status needs no migration.
DROP INDEX "orders_counter_group_create_date_idx";--> statement-breakpoint
DROP INDEX "orders_assignee_counter_group_create_date_idx";
