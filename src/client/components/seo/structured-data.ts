import { isValidElement, type ReactNode } from 'react';
import type { SiteClaims } from '#shared/site/site-claims.ts';
import { offerDescription } from '#shared/site/service-fee.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { paths } from '#client/paths.ts';

/** A schema.org object, as embedded in a page's JSON-LD. */
export type StructuredData = { '@type': string } & Record<string, unknown>;

export const siteName = 'EIN Filing Service';

/** The company behind the site, on every public page. */
export function organization(siteUrl: string, supportEmail: string): StructuredData {
  return {
    '@type': 'Organization',
    name: 'EIN Filing Service LLC',
    alternateName: siteName,
    url: `${siteUrl}/`,
    logo: `${siteUrl}/favicon.svg`,
    email: supportEmail,
  };
}

/** What the service is, for search results and link previews, in the page's language. */
export function serviceDescription(): string {
  return m.site_service_description();
}

/**
 * The service at its current price (a setting staff may change, the one step 6 charges) and what the
 * fee buys, beside the reminder that the IRS issues EINs free, in the language the messages speak (the
 * page's), whose own start page the offer links. A rating only when the operator configured one, with its
 * count (decision 035); testimonials never, as search engines do not take a business's own selection
 * of reviews.
 */
export function filingService({ siteUrl, priceCents, claims }: { siteUrl: string; priceCents: number; claims: SiteClaims }): StructuredData {
  return {
    '@type': 'Service',
    name: m.site_service_name(),
    serviceType: m.site_service_type(),
    description: serviceDescription(),
    provider: { '@type': 'Organization', name: 'EIN Filing Service LLC', url: `${siteUrl}/` },
    areaServed: { '@type': 'Country', name: m.site_service_area() },
    offers: {
      '@type': 'Offer',
      // schema.org's number, not a display: the same in every language.
      price: (priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      description: offerDescription(),
      url: `${siteUrl}${pathInLocale(paths.wizardStart, getLocale())}`,
      availability: 'https://schema.org/InStock',
    },
    ...(claims.rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: claims.rating.value,
            reviewCount: claims.rating.reviewCount,
            bestRating: 5,
            worstRating: 1,
            url: claims.rating.sourceUrl,
          },
        }
      : {}),
  };
}

/**
 * The words a piece of page content reads as, for structured data built from what the page shows
 * (a FAQ answer with its links and lists); block elements are separated by a space.
 */
export function plainText(node: ReactNode): string {
  const parts: string[] = [];
  const visit = (current: ReactNode): void => {
    if (typeof current === 'string' || typeof current === 'number') parts.push(String(current));
    else if (Array.isArray(current)) current.forEach(visit);
    else if (isValidElement<{ children?: ReactNode }>(current)) {
      const block = typeof current.type === 'string' && ['p', 'li', 'ul', 'ol', 'div'].includes(current.type);
      if (block) parts.push(' ');
      visit(current.props.children);
      if (block) parts.push(' ');
    }
  };
  visit(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so a value cannot close the element. */
export function jsonLd(items: StructuredData[]): string {
  const graph = { '@context': 'https://schema.org', '@graph': items };
  return JSON.stringify(graph).replace(/</g, '\\u003c');
}
