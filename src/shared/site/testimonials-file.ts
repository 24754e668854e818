import { z } from 'zod';
import { findBannedPhrases } from './banned-wording';
import type { Testimonial } from './site-claims';

// The operator's testimonials file (`SITE_TESTIMONIALS_FILE`, `testimonials.json` by default): a JSON
// array of real customers' own words, each attributed and dated. The server reads it once at start-up
// and refuses to start on a mistake, naming the entry and the field. The FTC's rule on reviews and
// testimonials (16 CFR part 465) forbids invented or unbackable ones, so nothing here is ever made up:
// without the file the site shows no testimonials.

/** More than the carousel can sensibly show, and every page carries the list in its configuration. */
export const maxTestimonials = 20;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** No government look-alike wording in a quote either (see banned-wording.ts). */
function withoutBannedWording(field: string) {
  return (value: string, context: { addIssue: (issue: { code: 'custom'; message: string }) => void }) => {
    for (const { found, reason } of findBannedPhrases(value)) {
      context.addIssue({ code: 'custom', message: `${field} uses “${found}”, which the site may not show: ${reason}` });
    }
  };
}

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .superRefine(withoutBannedWording(field))
    .optional()
    .transform((value) => value || null);

export const testimonialSchema = z.strictObject({
  quote: z
    .string({ error: 'quote is required: the customer’s own words' })
    .trim()
    .min(10, 'quote must be at least 10 characters')
    .max(600, 'quote must be at most 600 characters')
    .superRefine(withoutBannedWording('quote')),
  name: z
    .string({ error: 'name is required: the customer’s name as they agreed to have it shown' })
    .trim()
    .min(2, 'name must be the customer’s name as they agreed to have it shown, at least 2 characters')
    .max(80, 'name must be at most 80 characters'),
  business: optionalText(80, 'business'),
  date: z
    .string({ error: 'date is required: when the customer gave the testimonial, as YYYY-MM-DD' })
    .regex(isoDate, 'date must be written YYYY-MM-DD')
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
    }, 'date is not a calendar date')
    .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(), 'date is in the future'),
  rating: z
    .number({ error: 'rating must be a whole number of stars from 1 to 5' })
    .int('rating must be a whole number of stars from 1 to 5')
    .min(1, 'rating must be a whole number of stars from 1 to 5')
    .max(5, 'rating must be a whole number of stars from 1 to 5')
    .optional()
    .transform((value) => value ?? null),
  sourceUrl: z
    .url({ protocol: /^https?$/, error: 'sourceUrl must be the http(s) address where the review was published' })
    .optional()
    .transform((value) => value ?? null),
  disclosure: optionalText(200, 'disclosure'),
}) satisfies z.ZodType<Testimonial, unknown>;

export const testimonialsFileSchema = z
  .array(testimonialSchema, { error: 'the file must hold a JSON array of testimonials' })
  .max(maxTestimonials, `at most ${maxTestimonials} testimonials`);
