// The fee and what it buys, said the same way wherever the price is shown before the customer commits:
// the landing page, the FAQ, the wizard's first step and their structured data. The amount itself is
// the live `ein_price_standard` setting, the one step 6 charges (the public configuration's priceCents).
// No imports: the first page load reads this file.

/** What the fee pays for. */
export const feeIncludes = [
  'Your Form SS-4 prepared from your answers',
  'A specialist’s check before filing',
  'Filing with the IRS within 1 business day of payment',
  'E-mail support and online tracking',
] as const;

/** Beside the price, every time: applying directly is free. */
export const irsIsFree = 'Applying directly with the IRS is free: the IRS issues EINs at no charge at IRS.gov. Our fee pays for our service, not for the EIN.';

/** The address of the IRS's own site, where anyone may apply for free. */
export const irsWebsite = 'https://www.irs.gov';

/** The offer as structured data describes it. */
export const offerDescription = `One fee, paid once at the last step. It includes: ${feeIncludes.join('; ')}. ${irsIsFree}`;
