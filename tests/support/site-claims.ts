import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SiteClaims } from '#shared/site/site-claims.ts';

// The operator's claims as tests configure them (decision 035): the four figures and a testimonials
// file, written to a folder of its own. Test data only: the product ships no testimonials. Six of
// them, more than the carousel shows at 1280 px, so its buttons and dragging have somewhere to go.

export const testTestimonials = [
  {
    quote: 'The questions were in plain English and support answered my e-mail about the responsible party the same day.',
    name: 'Dana Whitfield',
    business: 'Whitfield Joinery LLC',
    date: '2025-03-14',
    rating: 5,
    sourceUrl: 'https://www.trustpilot.com/reviews/0000000000000000000000a1',
  },
  {
    quote: 'I filled the form in on my phone during lunch and my EIN e-mail arrived the next day.',
    name: 'Marcus Ibe',
    date: '2025-04-02',
    rating: 4,
  },
  {
    quote: 'Clear about the price before I started, and clear that the IRS does it for free if you do it yourself.',
    name: 'Lena Sorensen',
    business: 'Sorensen Ceramics',
    date: '2025-05-20',
    disclosure: 'Lena received a free filing in return for her feedback.',
  },
  {
    quote: 'Setting up the trust’s EIN felt intimidating; the guided questions covered what the form asks for.',
    name: 'Michael Thompson',
    business: 'Thompson Family Trust',
    date: '2025-06-11',
    rating: 5,
  },
  {
    quote: 'The tracking number let me check where my application was without calling anyone.',
    name: 'Priya Raman',
    date: '2025-07-08',
    rating: 5,
    sourceUrl: 'https://www.trustpilot.com/reviews/0000000000000000000000b2',
  },
  {
    quote: 'Support explained which entity type to pick for a two-owner LLC in a short, clear e-mail.',
    name: 'Owen Castillo',
    business: 'Castillo Brothers Landscaping',
    date: '2025-08-19',
  },
] as const;

/** The settings of a site whose operator configured every claim, and the testimonials file they name (written in `folder`, else in a new one). */
export function configuredClaimsEnv(folder = mkdtempSync(path.join(tmpdir(), 'ein-claims-'))): Record<string, string> {
  const file = path.join(folder, 'testimonials.json');
  writeFileSync(file, JSON.stringify(testTestimonials, null, 2));
  return {
    SITE_BUSINESSES_SERVED: '1250',
    SITE_RATING: '4.7',
    SITE_REVIEW_COUNT: '312',
    SITE_REVIEW_SOURCE_URL: 'https://www.trustpilot.com/review/einfilingservice.example',
    SITE_SUCCESS_RATE: '97.5',
    SITE_TESTIMONIALS_FILE: file,
  };
}

/** What the public configuration carries for `configuredClaimsEnv()`: the client tests' configured claims. */
export const configuredSiteClaims: SiteClaims = {
  businessesServed: 1250,
  rating: { value: 4.7, reviewCount: 312, sourceUrl: 'https://www.trustpilot.com/review/einfilingservice.example' },
  successRatePercent: 97.5,
  testimonials: testTestimonials.map((entry) => ({
    quote: entry.quote,
    name: entry.name,
    business: 'business' in entry ? entry.business : null,
    date: entry.date,
    rating: 'rating' in entry ? entry.rating : null,
    sourceUrl: 'sourceUrl' in entry ? entry.sourceUrl : null,
    disclosure: 'disclosure' in entry ? entry.disclosure : null,
  })),
};
