// Step 3's answers taken from earlier ones (see prefills.ts): the trustee's name from the responsible
// party's, and a sole proprietor's name from step 1. Nothing here is a rule: the schemas check the
// answers as given.

/** Whether the responsible party's title says they are the trust's trustee ("Trustee", "Co-Trustee"). */
export function isTrusteeTitle(title: unknown): boolean {
  return typeof title === 'string' && /\btrustee\b/i.test(title);
}

export type ResponsiblePartyName = { rpFirstName: string; rpMiddleName: string; rpLastName: string };

/**
 * A sole proprietor's name from step 1 as step 3's responsible party: the first word, the last word
 * and the words between ("Mary Ann Smith" → Mary, Ann, Smith), so that joined again they are the
 * name on line 1. Which words are the middle name changes nothing on the form.
 */
export function ownerNameParts(companyName: unknown): ResponsiblePartyName {
  const words = typeof companyName === 'string' ? companyName.trim().split(/\s+/).filter(Boolean) : [];
  if (words.length === 0) return { rpFirstName: '', rpMiddleName: '', rpLastName: '' };
  if (words.length === 1) return { rpFirstName: words[0] ?? '', rpMiddleName: '', rpLastName: '' };
  return { rpFirstName: words[0] ?? '', rpMiddleName: words.slice(1, -1).join(' '), rpLastName: words.at(-1) ?? '' };
}
