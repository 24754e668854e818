import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '../db';

// The order list's text search: ILIKE '%…%' over the tracking number, the e-mail and the company
// name, which is what their trigram indexes serve. Each condition is written so that the index is
// asked only for what narrows the rows, and the rest is checked on the rows it found.

/** `%text%` for ILIKE, with ILIKE's own characters (and its escape character) taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The e-mail contains `text`. A whole address (or one with part of its domain) is looked up in the
 * trigram index by what comes before and including the `@`, and the rest is checked on those rows
 * only: a domain is shared by a great many orders (every `gmail.com` customer), and its trigrams
 * would make the index read an entry for each of them. The second condition is written over
 * `billing_email || ''` so that it is a check on the rows found, not a second index condition.
 */
function emailContains(text: string): SQL {
  const at = text.indexOf('@');
  if (at < 1 || at === text.length - 1) return ilike(orders.billingEmail, containsPattern(text));
  return sql`(${ilike(orders.billingEmail, containsPattern(text.slice(0, at + 1)))} and (${orders.billingEmail} || '') ilike ${containsPattern(text)})`;
}

// Words that a great share of business names hold: legal endings, joining words, and the generic
// words of names and trades. Compared in lower case, without dots.
const commonNameWords = new Set([
  'llc', 'pllc', 'inc', 'incorporated', 'corp', 'corporation', 'co', 'company', 'ltd', 'limited', 'llp', 'lp', 'pc', 'pa',
  'the', 'of', 'and', 'for', 'a',
  'family', 'trust', 'estate', 'foundation', 'association', 'church', 'ministries', 'group', 'holdings', 'partners', 'partnership',
  'associates', 'services', 'solutions', 'enterprises', 'consulting', 'management', 'properties', 'investments', 'capital',
  'ventures', 'industries', 'international', 'global', 'systems', 'technologies', 'technology', 'tech', 'media', 'marketing',
  'design', 'studio', 'construction', 'realty', 'real', 'logistics', 'transport', 'trucking', 'cleaning', 'landscaping',
  'plumbing', 'electric', 'roofing', 'repair', 'auto', 'dental', 'fitness', 'catering', 'bakery', 'coffee', 'roasters',
  'software', 'apparel', 'brewing', 'farms', 'farm', 'tutoring', 'pet', 'care', 'woodworks', 'home', 'health', 'insurance',
  'financial', 'legal', 'law', 'medical', 'restaurant', 'cafe', 'salon', 'shop', 'store', 'market', 'supply',
]);

/**
 * The stretches of `text` between its common words, those of three characters or more (a trigram
 * index can look up nothing shorter). Each is a part of `text`, so a name that contains `text`
 * contains each of them.
 */
export function distinctiveParts(text: string): string[] {
  const parts: string[] = [];
  let start: number | null = null;
  let end = 0;
  const close = () => {
    if (start !== null && end - start >= 3) parts.push(text.slice(start, end));
    start = null;
  };
  for (const word of text.matchAll(/[^\s,]+/g)) {
    if (commonNameWords.has(word[0].toLowerCase().replaceAll('.', ''))) {
      close();
    } else {
      start ??= word.index;
      end = word.index + word[0].length;
    }
  }
  close();
  return parts;
}

/**
 * The company name contains `text`. As with an e-mail's domain, the common words of names ("LLC",
 * "Holdings", "Consulting") are each in a great share of the names, and every trigram of them makes
 * the index read further at volume: the index is asked for the stretches of `text` between them
 * (when any of three characters or more is left), and the whole text is checked on the rows found.
 */
function companyNameContains(text: string): SQL {
  const companyName = sql`(${orders.formData} -> 'company' ->> 'companyName')`;
  const parts = distinctiveParts(text);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === text)) return sql`${companyName} ilike ${containsPattern(text)}`;
  const lookups = parts.map((part) => sql`${companyName} ilike ${containsPattern(part)}`);
  return sql`(${sql.join(lookups, sql` and `)} and (${companyName} || '') ilike ${containsPattern(text)})`;
}

/** The order's tracking number, e-mail or company name contains `text`. */
export function orderTextContains(text: string): SQL | undefined {
  return or(ilike(orders.applicationId, containsPattern(text)), emailContains(text), companyNameContains(text));
}
