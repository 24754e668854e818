-- The language the customer applied in: their pages, e-mails and documents use it. Every checkout and
-- order made before languages were offered was made in English.
ALTER TABLE "checkouts" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;
