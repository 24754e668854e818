const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in cents as US dollars with two decimals: 14900 -> "$149.00". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole dollars (the `ein_price_standard` setting) to cents, the unit every payment uses. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
