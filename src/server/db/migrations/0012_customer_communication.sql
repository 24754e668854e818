-- Honest customer communication (decision 023): the reason staff give the customer when they put an
-- order on hold (e-mailed to them, shown on the order page); the Reply-To of each queued e-mail (the
-- support address for every customer e-mail); and whether a message's body is erased once it is sent
-- (the signing links: the database keeps a link's token only until its e-mail has gone out).
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "erase_body_when_sent" boolean DEFAULT false NOT NULL;
