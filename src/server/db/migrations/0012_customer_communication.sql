-- Honest customer communication (decision 023): the reason staff give the customer when they put an
-- order on hold (e-mailed to them, shown on the order page), and the Reply-To of each queued e-mail
-- (the support address for every customer e-mail).
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;
