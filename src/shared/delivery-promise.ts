import { m } from './i18n/messages';

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

// Each text is a getter, read when shown: in the page's language, or the request's on the server.
export const deliveryPromise = {
  /** The landing page's heading, whose second part is highlighted. */
  headline: {
    get lead() { return m.checkout_promise_headline_lead(); },
    get highlight() { return m.checkout_promise_headline_highlight(); },
  },
  /** A few words, for badges and ticks. */
  get badge() { return m.checkout_promise_badge(); },
  /** The promise itself, as a sentence. */
  get sentence() { return m.checkout_promise_sentence(); },
  /** What the IRS takes once the application is filed. */
  get irsTurnaround() { return m.checkout_promise_irs_turnaround(); },
  /**
   * What the IRS takes for an order that can only go by fax (no SSN or ITIN, or a business abroad: the
   * IRS's online application takes neither), said instead of `irsTurnaround`, which promises an EIN at once.
   */
  get irsTurnaroundByFax() { return m.checkout_promise_irs_turnaround_by_fax(); },
  /** The shortest honest answer to "when do I get my EIN?". */
  get einArrival() { return m.checkout_promise_ein_arrival(); },
  /**
   * What changes for a founder outside the United States with no SSN or ITIN: the IRS's online
   * application needs one, so the form goes by fax.
   */
  get abroad() { return m.checkout_promise_abroad(); },
  /** The refund condition the promise backs (Terms, section 4 (a)). */
  get refundCondition() { return m.checkout_promise_refund_condition(); },
};

/**
 * Every mention of money back says its condition in the Terms' words and links to their refund section
 * (`refundsSectionId` on the Terms page): a guarantee without its condition promises more than the Terms.
 */
export const moneyBackGuarantee = {
  get label() { return m.checkout_promise_money_back_label(); },
  /** After the label: the Terms' condition, word for word. */
  get condition() { return m.checkout_promise_money_back_condition({ condition: deliveryPromise.refundCondition }); },
};

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
