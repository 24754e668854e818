import type { CounterGroup, CustomerStatus, OrderStatus, StatusEmailKind, TrackingStage } from '#shared/orders/lifecycle.ts';

/**
 * What each order status must mean, written from the spec (02 section 4) and decision 031 rather than
 * read from the product's table (src/shared/orders/lifecycle.ts), so the tests hold the table to it.
 * A new status gets its row here; the tests that go through every status then cover it.
 */
export type ExpectedStatus = {
  label: string;
  counter: CounterGroup;
  customerStatus: CustomerStatus;
  stage: TrackingStage;
  /** The e-mail the customer gets when staff move an order into it, and its subject; null for none. */
  customerEmail: { kind: StatusEmailKind; subject: RegExp } | null;
  /** No status but itself is offered once an order is in it. */
  final: boolean;
  /** Only the filing leg moves an order into it (no answer from the IRS in time); staff are never offered it. */
  enteredByFilingOnly?: boolean;
};

export const expectedStatuses: Record<OrderStatus, ExpectedStatus> = {
  reviewing_form_data: { label: 'Reviewing Form Data', counter: 'new', customerStatus: 'in_process', stage: 'reviewing', customerEmail: null, final: false },
  checking_company_registration: {
    label: 'Checking Company Registration',
    counter: 'in_progress',
    customerStatus: 'in_process',
    stage: 'reviewing',
    customerEmail: null,
    final: false,
  },
  preparing_ss4_form: { label: 'Preparing SS4 Form', counter: 'in_progress', customerStatus: 'in_process', stage: 'preparing', customerEmail: null, final: false },
  awaiting_user_signature: {
    label: 'Awaiting User Signature',
    counter: 'in_progress',
    customerStatus: 'in_process',
    stage: 'awaiting_signature',
    customerEmail: { kind: 'signature_request', subject: /^Action needed: sign your SS-4/ },
    final: false,
  },
  ss4_signed_awaiting_irs: { label: 'SS4 Signed Awaiting IRS', counter: 'in_progress', customerStatus: 'in_process', stage: 'filing', customerEmail: null, final: false },
  submitted_to_irs: { label: 'Submitted to IRS', counter: 'in_progress', customerStatus: 'in_process', stage: 'with_irs', customerEmail: null, final: false },
  irs_overdue: {
    label: 'Overdue at IRS',
    counter: 'overdue',
    customerStatus: 'in_process',
    stage: 'with_irs',
    customerEmail: null,
    final: false,
    enteredByFilingOnly: true,
  },
  completed: { label: 'Completed', counter: 'completed', customerStatus: 'completed', stage: 'completed', customerEmail: { kind: 'ein', subject: /^Your EIN is ready/ }, final: true },
  on_hold: { label: 'On Hold', counter: 'on_hold', customerStatus: 'in_process', stage: 'on_hold', customerEmail: { kind: 'on_hold', subject: /is on hold$/ }, final: false },
  cancelled: {
    label: 'Cancelled',
    counter: 'cancelled',
    customerStatus: 'cancelled',
    stage: 'cancelled',
    customerEmail: { kind: 'cancelled', subject: /has been cancelled$/ },
    final: true,
  },
};

/** Values stored before the nine statuses, and what each must read as (spec 02 section 4). */
export const expectedLegacyStatuses: Record<string, OrderStatus> = {
  submitted: 'reviewing_form_data',
  assigned: 'reviewing_form_data',
  in_progress: 'reviewing_form_data',
  irs_submitted: 'submitted_to_irs',
};
