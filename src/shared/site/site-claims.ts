// What the site may say about its record: only what the operator configured and can back (decision
// 035). Unset, a claim is not shown at all. The settings are parsed in src/server/env.ts; this file is
// what the browser receives, in the public configuration. No imports: the first page load reads it.

/** One customer's own words, from the operator's testimonials file, attributed and dated. */
export type Testimonial = {
  quote: string;
  /** The customer's name as they agreed to have it shown. */
  name: string;
  business: string | null;
  /** When the customer gave it, `YYYY-MM-DD`. */
  date: string;
  /** Stars the customer gave, 1 to 5, when the review came with a rating. */
  rating: number | null;
  /** Where the review was published, when it was. */
  sourceUrl: string | null;
  /** A connection to the business the reader should know of (a discount, a relative). */
  disclosure: string | null;
};

export type SiteClaims = {
  /** `SITE_BUSINESSES_SERVED`: how many businesses the service has filed for. */
  businessesServed: number | null;
  /** `SITE_RATING`, `SITE_REVIEW_COUNT`, `SITE_REVIEW_SOURCE_URL`: always all three, or none. */
  rating: { value: number; reviewCount: number; sourceUrl: string } | null;
  /** `SITE_SUCCESS_RATE`: the share of filed applications the IRS accepted the first time, in percent. */
  successRatePercent: number | null;
  /** The testimonials file's entries. */
  testimonials: Testimonial[];
};

export const noSiteClaims: SiteClaims = { businessesServed: null, rating: null, successRatePercent: null, testimonials: [] };

/** Whether the landing page has a reviews section (and the header and footer a link to it). */
export function showsReviews(claims: SiteClaims): boolean {
  return claims.rating !== null || claims.testimonials.length > 0;
}

/** A count as the pages write it in the language of `tag` (a `localeTags` value): `1,250`. */
export function formatCount(count: number, tag = 'en-US'): string {
  return new Intl.NumberFormat(tag).format(count);
}

/** The site a review source is on, as a reader recognises it: `trustpilot.com`. */
export function sourceSiteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * A testimonial's date as shown in the language of `tag` (a `localeTags` value): `March 2025`,
 * `marzo de 2025` (the same on the server and in the browser).
 */
export function formatTestimonialDate(date: string, tag = 'en-US'): string {
  return new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
