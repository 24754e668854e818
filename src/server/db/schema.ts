import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-editable settings, such as `ein_price_standard`. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
