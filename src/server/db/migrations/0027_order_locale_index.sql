-- The staff list's filter by the customer's language, in the list's order: a page of Spanish orders
-- reads its 25 entries, and their count stops at the limit, however few they are among the rest.
CREATE INDEX "orders_locale_create_date_idx" ON "orders" USING btree ("locale","create_date" DESC NULLS LAST,"id" DESC NULLS LAST);
