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
 * What of `text` the trigram indexes are asked for when it is an e-mail address (or one with part of
 * its domain): what comes before and including the `@`; else null. A domain is shared by a great many
 * orders (every `gmail.com` customer), and its trigrams would make an index read an entry for each of
 * them; whatever contains the address contains that part of it.
 */
function beforeTheDomain(text: string): string | null {
  const at = text.indexOf('@');
  return at < 1 || at === text.length - 1 ? null : text.slice(0, at + 1);
}

/**
 * The longest stretch of letters and digits in `text`, when `text` holds more than it and it is three
 * characters or more; else null. The words of an address's name part are first names and surnames
 * ("daniel.lee84"), and a first name is in a great share of the addresses: its trigrams make the index
 * read an entry for each of them, where the longest stretch alone finds a few rows to check.
 */
function longestStretch(text: string): string | null {
  const stretches = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  const longest = stretches.reduce((found, stretch) => (stretch.length > found.length ? stretch : found), '');
  return longest.length >= 3 && longest.length < text.length ? longest : null;
}

/**
 * The e-mail contains `text`: looked up in the trigram index by the longest stretch of letters and
 * digits before its domain, and the rest checked on those rows only. The second condition is written
 * over `billing_email || ''` so that it is a check on the rows found, not a second index condition.
 */
function emailContains(text: string): SQL {
  const lookup = longestStretch(beforeTheDomain(text) ?? text);
  if (lookup === null) return ilike(orders.billingEmail, containsPattern(text));
  return sql`(${ilike(orders.billingEmail, containsPattern(lookup))} and (${orders.billingEmail} || '') ilike ${containsPattern(text)})`;
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
 * An e-mail address typed in the search is looked up by its part before the domain here too: its
 * domain's trigrams ("com", "exa") are in a great many names.
 */
function companyNameContains(text: string): SQL {
  const companyName = sql`(${orders.formData} -> 'company' ->> 'companyName')`;
  const looked = beforeTheDomain(text) ?? text;
  const parts = distinctiveParts(looked);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === text)) return sql`${companyName} ilike ${containsPattern(text)}`;
  const lookups = parts.map((part) => sql`${companyName} ilike ${containsPattern(part)}`);
  return sql`(${sql.join(lookups, sql` and `)} and (${companyName} || '') ilike ${containsPattern(text)})`;
}

/** The order's tracking number, e-mail or company name contains `text`. */
export function orderTextContains(text: string): SQL | undefined {
  return or(ilike(orders.applicationId, containsPattern(text)), emailContains(text), companyNameContains(text));
}
