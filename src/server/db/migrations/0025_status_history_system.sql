-- Which part of the service made a status change that no staff member and not the customer made
-- (the fax outbox, the overdue check, the fax reader, the payment provider's refund or dispute), so
-- that the order's history names it. Null for a change by a staff member or the customer; a change
-- by a staff member whose account was since deleted keeps null in both, and reads "Deleted account".
ALTER TABLE "order_status_history" ADD COLUMN "changed_by_system" text;--> statement-breakpoint
-- The changes already recorded: those whose audit row names no staff member were the service's own,
-- named by what they did. A change audited with a staff member stays theirs (their account deleted).
UPDATE "order_status_history" AS "h" SET "changed_by_system" = CASE
	WHEN "h"."from_status" IS NULL THEN 'checkout'
	WHEN "h"."to_status" = 'submitted_to_irs' THEN 'fax_outbox'
	WHEN "h"."to_status" = 'irs_overdue' THEN 'overdue_check'
	WHEN "h"."to_status" = 'completed' THEN 'fax_reader'
	WHEN "h"."to_status" = 'cancelled' THEN 'payment_refund'
	WHEN "h"."to_status" = 'on_hold' THEN 'payment_dispute'
	ELSE 'system'
END
WHERE "h"."changed_by" IS NULL
	AND NOT "h"."changed_by_customer"
	AND ("h"."from_status" IS NULL OR NOT EXISTS (
		SELECT 1 FROM "audit_log" AS "a"
		WHERE "a"."action" = 'order_status_changed'
			AND "a"."target" = 'order:' || "h"."order_id"
			AND "a"."detail"->>'to' = "h"."to_status"
			AND "a"."actor_id" IS NOT NULL
			AND "a"."at" BETWEEN "h"."changed_at" - interval '1 minute' AND "h"."changed_at" + interval '1 minute'
	));
