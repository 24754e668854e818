import { m } from '../i18n/messages';

// The fee and what it buys, said the same way wherever the price is shown before the customer commits:
// the landing page, the FAQ, the wizard's first step and their structured data. The amount itself is
// the live `ein_price_standard` setting, the one step 6 charges (the public configuration's priceCents).
// The words are messages (src/messages/site), read when the page renders, in its language.

/** What the fee pays for. */
export function feeIncludes(): string[] {
  return [m.site_fee_includes_form(), m.site_fee_includes_check(), m.site_fee_includes_filing(), m.site_fee_includes_support()];
}

/** The link text of the IRS's site, as the fee's sentences show it. */
export const irsWebsiteName = 'IRS.gov';

/** Beside the price, every time: applying directly is free. */
export function irsIsFree(): string {
  return m.site_fee_irs_is_free({ irsLink: irsWebsiteName });
}

/** The address of the IRS's own site, where anyone may apply for free. */
export const irsWebsite = 'https://www.irs.gov';

/** The offer as structured data describes it. */
export function offerDescription(): string {
  return m.site_offer_description({ items: feeIncludes().join('; '), irsIsFree: irsIsFree() });
}
