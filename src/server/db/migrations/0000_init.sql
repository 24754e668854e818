CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "settings" ("key", "value") VALUES ('ein_price_standard', '149') ON CONFLICT ("key") DO NOTHING;
