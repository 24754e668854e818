import { describe, expect, it } from 'vitest';
import { bannedPhrases, findBannedPhrases } from './banned-wording';

describe('the banned wording', () => {
  it('catches each entry’s own example, whatever its case and spacing, and gives its reason', () => {
    for (const { example, reason } of bannedPhrases) {
      expect(findBannedPhrases(example), example).toContainEqual(expect.objectContaining({ reason }));
      expect(findBannedPhrases(`… ${example.toUpperCase().replace(/ /g, '\n  ')} …`).length, example).toBeGreaterThan(0);
    }
  });

  it('catches what the site used to say', () => {
    for (const text of ['IRS Approved Workflow', 'IRS-approved process', 'Approved by the IRS', 'an official IRS form', 'EIN Assistant']) {
      expect(findBannedPhrases(text), text).not.toEqual([]);
    }
  });

  it('lets the site say what it honestly must about the IRS', () => {
    for (const text of [
      'EIN Filing Service is a private company and is not affiliated with the IRS or any government agency.',
      'The IRS issues EINs free of charge at IRS.gov.',
      'We prepare and file your IRS Form SS-4 and file it with the IRS within one business day of payment.',
      'Applying directly with the IRS is free: the IRS issues EINs at no charge at IRS.gov.',
      'Your application is reviewed by our specialists; the IRS then assigns the EIN.',
      'Sealing the answers with the data key',
    ]) {
      expect(findBannedPhrases(text), text).toEqual([]);
    }
  });
});
