import { createContext, useContext } from 'react';
import { defaultPublicConfig, type PublicConfig } from '#shared/site/public-config.ts';
import type { SiteClaims } from '#shared/site/site-claims.ts';

const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

/** The operator's claims (decision 035): counts or null, a rating or null, a list of testimonials. */
function isSiteClaims(value: unknown): value is SiteClaims {
  const claims = (value ?? {}) as Partial<Record<keyof SiteClaims, unknown>>;
  return isNumberOrNull(claims.businessesServed) && isNumberOrNull(claims.successRatePercent) && typeof claims.rating === 'object' && Array.isArray(claims.testimonials);
}

function isPublicConfig(value: unknown): value is PublicConfig {
  if (typeof value !== 'object' || value === null) return false;
  const config = value as Record<string, unknown>;
  const growthbook = config.growthbook as Record<string, unknown> | null | undefined;
  const payments = config.payments as Record<string, unknown> | null | undefined;
  const retention = config.retention as Record<string, unknown> | null | undefined;
  return (
    typeof config.priceCents === 'number' &&
    Number.isInteger(config.priceCents) &&
    config.priceCents > 0 &&
    typeof payments === 'object' &&
    payments !== null &&
    (payments.provider === 'test' || (payments.provider === 'stripe' && typeof payments.publishableKey === 'string')) &&
    typeof config.supportEmail === 'string' &&
    // Absent from a page of an older server: the defaults are shown.
    (retention === undefined || (typeof retention === 'object' && retention !== null && ['unpaidCheckoutHours', 'orderDays', 'mailDays'].every((key) => typeof retention[key] === 'number'))) &&
    // Absent from a page of an older server: no claims are shown.
    (config.claims === undefined || isSiteClaims(config.claims)) &&
    typeof config.siteUrl === 'string' &&
    (config.gtmId === null || typeof config.gtmId === 'string') &&
    (growthbook === null ||
      (typeof growthbook === 'object' && typeof growthbook?.clientKey === 'string' && typeof growthbook.apiHost === 'string'))
  );
}

/**
 * The configuration the server embedded in the page; defaults when absent (the Vite dev server).
 * Checked by hand rather than with the zod schema so the first page load does not carry zod.
 */
export function getPublicConfig(): PublicConfig {
  const text = document.getElementById('public-config')?.textContent;
  let config = defaultPublicConfig;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isPublicConfig(parsed)) {
        config = { ...parsed, retention: parsed.retention ?? defaultPublicConfig.retention, claims: parsed.claims ?? defaultPublicConfig.claims };
      } else console.error('Ignoring a public configuration of the wrong shape');
    } catch (error) {
      console.error('Ignoring an unreadable public configuration', error);
    }
  }
  return config;
}

/** The configuration a server render uses; in the browser the page's embedded one is read instead. */
const PublicConfigContext = createContext<PublicConfig | null>(null);

export const PublicConfigProvider = PublicConfigContext.Provider;

/** The public configuration, for components that may render on the server as well. */
export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext) ?? getPublicConfig();
}
