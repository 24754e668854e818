// Who made each change of an order's status, as its history names it: a staff member by name, the
// customer, or the part of the service that made it on its own. The history never says "Unknown
// User": a change no staff member and not the customer made is stored with the part that made it.

/**
 * Who or what moves the order: staff saving the order page (or sending the signing request), the
 * customer signing the SS-4, the filing leg (the fax delivered to the IRS, or its answer late or read
 * automatically), a refund that pays back everything paid, or the payment's dispute.
 */
export const statusChangeCauses = ['staff', 'signature', 'filing', 'refund', 'dispute'] as const;
export type StatusChangeCause = (typeof statusChangeCauses)[number];

/** The parts of the service that change an order's status on their own, and how the history names each. */
export const systemChangerLabels = {
  /** The order's first status, when its payment was received. */
  checkout: 'System (payment received)',
  /** The fax of the SS-4 reached the IRS: its delivery reported to the fax outbox. */
  fax_outbox: 'System (fax outbox)',
  /** No answer from the IRS within four business days: the background check of filings. */
  overdue_check: 'System (overdue filings check)',
  /** The IRS's answer matched and its EIN recorded without staff (`AUTO_CONFIRM_EIN`). */
  fax_reader: 'System (IRS answer read automatically)',
  /** A refund made in the payment provider's dashboard paid everything back. */
  payment_refund: 'System (refund at the payment provider)',
  /** The customer's bank disputed the payment, as the payment provider reported. */
  payment_dispute: 'System (payment dispute)',
  /** Any other change of the filing leg. */
  filing: 'System (IRS filing)',
  /** Anything else the service does on its own. */
  system: 'System',
} as const;
export type SystemChanger = keyof typeof systemChangerLabels;
// Marked pure so that a page reading none of this leaves the labels out of its script.
export const systemChangers = /* @__PURE__ */ Object.keys(systemChangerLabels) as [SystemChanger, ...SystemChanger[]];

/** A stored value as one of the parts above (a value this build does not know reads as "System"). */
export function isSystemChanger(value: string): value is SystemChanger {
  return Object.hasOwn(systemChangerLabels, value);
}

/**
 * The part of the service a change of each cause is credited to when its caller names none: a change
 * made without a staff member or the customer is always named.
 */
export const systemChangerOfCause: Record<StatusChangeCause, SystemChanger> = {
  staff: 'system',
  signature: 'system',
  filing: 'filing',
  refund: 'payment_refund',
  dispute: 'payment_dispute',
};

/** What the history says of a change whose staff member's account was deleted since. */
export const deletedAccountLabel = 'Deleted account';

/** The name the history gives a change: the customer, the staff member, the part of the service, or a deleted account. */
export function statusChangerName(entry: { changedByCustomer?: boolean; changedBy: { name: string } | null; changedBySystem?: SystemChanger | null }): string {
  if (entry.changedByCustomer) return 'Customer';
  if (entry.changedBy) return entry.changedBy.name;
  if (entry.changedBySystem) return systemChangerLabels[entry.changedBySystem];
  return deletedAccountLabel;
}
