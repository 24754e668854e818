// The one delivery promise the service makes, stated once. The landing page, the wizard, the FAQ,
// the terms, the confirmation page, tracking and the e-mails all read it from here, so no page can
// promise what another contradicts.
//
// What we control: every paid order is worked (reviewed, prepared and filed, or the customer told
// what is missing) within one business day of payment; `addBusinessDays(paidAt, orderWorkBusinessDays)`
// is the order's due date. What the IRS controls, from the Form SS-4 instructions: an application
// filed online gets its EIN at once; one the IRS receives by fax is answered in about 4 business
// days, and by mail in about 4 weeks.

/** Business days between payment and the order being worked: the order's due date. */
export const orderWorkBusinessDays = 1;

export const deliveryPromise = {
  /** The landing page's heading, whose second part is highlighted. */
  headline: { lead: 'Get Your EIN Filed Within', highlight: '1 Business Day' },
  /** A few words, for badges and ticks. */
  badge: 'Filed within 1 business day',
  /** The promise itself, as a sentence. */
  sentence: 'We work every paid order within one business day of payment: we check your answers, prepare your Form SS-4 and file it with the IRS.',
  /** What the IRS takes once the application is filed. */
  irsTurnaround:
    'Filed online, the IRS issues the EIN at once. When the IRS needs the signed form by fax, it answers in about 4 business days; by mail, in about 4 weeks.',
  /**
   * What the IRS takes for an order that can only go by fax (no SSN or ITIN, or a business abroad: the
   * IRS's online application takes neither), said instead of `irsTurnaround`, which promises an EIN at once.
   */
  irsTurnaroundByFax: 'We file your application with the IRS by fax, and the IRS answers a faxed application in about 4 business days.',
  /** The shortest honest answer to "when do I get my EIN?". */
  einArrival: 'Most EINs arrive the same business day we file online; a faxed application takes about 4 business days.',
  /**
   * What changes for a founder outside the United States with no SSN or ITIN: the IRS's online
   * application needs one, so the form goes by fax.
   */
  abroad: 'Outside the United States? No SSN or ITIN is needed: we file your form by fax, and the IRS answers in about 4 business days once it is faxed.',
  /** The refund condition the promise backs (Terms, section 4 (a)). */
  refundCondition: 'we do not file your application with the IRS within one business day of receiving a complete application',
} as const;

/**
 * Every mention of money back says its condition in the Terms' words and links to their refund section
 * (`refundsSectionId` on the Terms page): a guarantee without its condition promises more than the Terms.
 */
export const moneyBackGuarantee = {
  label: 'Money-back guarantee',
  /** After the label: the Terms' condition, word for word. */
  condition: `your money back if ${deliveryPromise.refundCondition}`,
} as const;

/** The id of the Terms' refund section, which every money-back mention links to. */
export const refundsSectionId = 'refunds';

/** How an order can reach the IRS: online or by fax, or by fax only (the IRS's online application would refuse it). */
export type FilingRoute = 'online_or_fax' | 'fax_only';

/** The IRS's turnaround as it applies to an order: a fax-only order is never promised an EIN at once. */
export function irsTurnaroundFor(route: FilingRoute): string {
  return route === 'fax_only' ? deliveryPromise.irsTurnaroundByFax : deliveryPromise.irsTurnaround;
}

/** The promise and the IRS's turnaround for one order together, as the confirmation page says them. */
export function deliveryPromiseInFullFor(route: FilingRoute): string {
  return `${deliveryPromise.sentence} ${irsTurnaroundFor(route)}`;
}
