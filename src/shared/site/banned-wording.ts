// Wording and badges a customer must never meet on this service, each with the reason it is banned.
// A private filing service that reads as the IRS, or as approved by it, is what the FTC's Government and
// Business Impersonation Rule (16 CFR part 461) forbids, and what its staff's April 2025 letters to
// EIN-filing websites flagged. This is the one list: the wording test scans every public page, every
// e-mail and the preview image's source with it, and the operator's testimonials are refused at
// start-up when a quote uses it. No imports: the browser may read this file.

export type BannedPhrase = {
  pattern: RegExp;
  /** A sentence the pattern must catch (its test reads these). */
  example: string;
  reason: string;
};

export const bannedPhrases: readonly BannedPhrase[] = [
  {
    pattern: /\b(IRS|government)[\s-]+approved\b/i,
    example: 'IRS-approved process',
    reason: 'says the IRS or the government approved the service; neither approves private filing services',
  },
  {
    pattern: /\b(approved|authori[sz]ed|certified|endorsed|accredited|licensed|sanctioned)\s+by\s+the\s+(IRS|Internal Revenue Service|Treasury|government)\b/i,
    example: 'authorized by the IRS to file your application',
    reason: 'claims a government permission or endorsement the service does not have',
  },
  {
    pattern: /\b(IRS|government)[\s-]+(authori[sz]ed|certified|endorsed|accredited|licensed|partner)\b/i,
    example: 'an IRS-authorized filer',
    reason: 'claims a government permission or partnership the service does not have',
  },
  {
    pattern: /\bofficial(ly)?\b/i,
    example: 'Official EIN application',
    reason: 'reads as the government’s own site, form or process',
  },
  {
    pattern: /\bEIN\s+Assistant\b/i,
    example: 'Use our EIN Assistant',
    reason: 'the name of the IRS’s own free online application',
  },
  {
    pattern: /\b(IRS|Internal Revenue Service)\s+(EIN|online)\s+(application|service|portal|center|centre|office)\b/i,
    example: 'IRS EIN Application',
    reason: 'names the service like an IRS product',
  },
  {
    pattern: /\bseals?\b/i,
    example: 'Our trusted seal',
    reason: 'a seal is what a government agency stamps its documents with',
  },
];

export type BannedIcon = { className: string; reason: string };

/** Icons (lucide, whose rendered class names these are) that look like a seal, a medal or a stamp. */
export const bannedIcons: readonly BannedIcon[] = [
  { className: 'lucide-badge-check', reason: 'a rosette with a tick: reads as a seal of approval' },
  { className: 'lucide-award', reason: 'a rosette with ribbons: reads as a certification' },
  { className: 'lucide-medal', reason: 'a medal: reads as a certification' },
  { className: 'lucide-stamp', reason: 'a rubber stamp: reads as an agency’s approval' },
];

export type BannedWordingFound = { found: string; reason: string };

/** The banned phrases in `text`, each with what it matched and why it is banned. */
export function findBannedPhrases(text: string): BannedWordingFound[] {
  const flat = text.replace(/\s+/g, ' ');
  return bannedPhrases.flatMap(({ pattern, reason }) => {
    const match = pattern.exec(flat);
    return match ? [{ found: match[0], reason }] : [];
  });
}

/** The banned icons in rendered `html`. */
export function findBannedIcons(html: string): BannedWordingFound[] {
  return bannedIcons.flatMap(({ className, reason }) => (new RegExp(`class="[^"]*\\b${className}\\b`).test(html) ? [{ found: className, reason }] : []));
}
