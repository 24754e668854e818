import { eq } from 'drizzle-orm';
import { settings, type Db } from '../db';
import { defaultPriceCents } from '#shared/site/public-config.ts';
import { dollarsToCents } from '#shared/money.ts';

export const standardPriceKey = 'ein_price_standard';

/**
 * The price of the service in cents, from the `ein_price_standard` setting (whole or decimal
 * dollars). A missing or unreadable value falls back to the default of $149 rather than charging
 * a wrong amount.
 */
export async function getStandardPriceCents(db: Db): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, standardPriceKey));
  const dollars = Number(row?.value);
  if (!row || !Number.isFinite(dollars) || dollars <= 0) {
    if (row) console.error(`Ignoring the setting ${standardPriceKey}=${JSON.stringify(row.value)}: not a positive amount`);
    return defaultPriceCents;
  }
  return dollarsToCents(dollars);
}
