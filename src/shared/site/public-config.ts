import { noSiteClaims, type SiteClaims } from './site-claims';

/** The part of the server's configuration the browser may see; embedded in the page as JSON. */
export type PublicConfig = {
  supportEmail: string;
  /** The site's address without a trailing slash (`PUBLIC_URL`), for canonical links and previews. */
  siteUrl: string;
  gtmId: string | null;
  growthbook: { clientKey: string; apiHost: string } | null;
  /** The service's price in cents, from the `ein_price_standard` setting. */
  priceCents: number;
  /** `stripe` with a publishable key, or the built-in test processor. */
  payments: { provider: 'stripe'; publishableKey: string } | { provider: 'test' };
  /** The retention windows the Privacy Policy states (decision 027). */
  retention: Retention;
  /** What the site says about its record: only what the operator configured (decision 035). */
  claims: SiteClaims;
};

export type Retention = { unpaidCheckoutHours: number; orderDays: number; mailDays: number };

export const defaultRetention: Retention = { unpaidCheckoutHours: 72, orderDays: 2555, mailDays: 30 };

export const defaultSupportEmail = 'support@einfilingservice.com';

export const defaultPriceCents = 14900;

export const defaultPublicConfig: PublicConfig = {
  supportEmail: defaultSupportEmail,
  // The Vite dev server has no configuration: links to the site stay relative to it.
  siteUrl: '',
  gtmId: null,
  growthbook: null,
  priceCents: defaultPriceCents,
  payments: { provider: 'test' },
  retention: defaultRetention,
  claims: noSiteClaims,
};
