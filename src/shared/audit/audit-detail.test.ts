import { describe, expect, it } from 'vitest';
import { auditDetailText } from './audit-detail';
import { auditActorFallback } from './audit';

const names: Record<string, string> = { 'u-ada': 'Ada Admin', 'u-fred': 'Fred Fulfiller' };
const memberName = (id: string) => names[id];

describe('auditDetailText', () => {
  it('writes a refund in words, the amount in dollars', () => {
    expect(auditDetailText('refund_created', { refundId: 3, amountCents: 14900, reason: 'duplicate_payment' })).toBe(
      'Refund: #3; Amount: $149.00; Reason: Duplicate payment',
    );
    expect(auditDetailText('refund_recorded', { refundId: 4, amountCents: 5050, providerRefundId: 're_123', state: 'succeeded' })).toBe(
      'Refund: #4; Amount: $50.50; Provider reference: re_123; Outcome: refunded',
    );
  });

  it('names the statuses of a status change and why it happened', () => {
    expect(auditDetailText('order_status_changed', { from: 'reviewing_form_data', to: 'cancelled', byRefund: true })).toBe(
      'From: Reviewing Form Data; To: Cancelled; Because: the payment was refunded in full',
    );
    expect(auditDetailText('order_status_changed', { from: 'preparing_ss4_form', to: 'on_hold', byDispute: 'dp_1' })).toBe(
      'From: Preparing SS4 Form; To: On Hold; Because: the payment was disputed (dp_1)',
    );
  });

  it('names who made a status change without a staff member: the customer, or the part of the service', () => {
    expect(auditDetailText('order_status_changed', { from: 'ss4_signed_awaiting_irs', to: 'submitted_to_irs', madeBy: 'fax_outbox', filingId: 4 })).toBe(
      'From: SS4 Signed Awaiting IRS; To: Submitted to IRS; Made by: System (fax outbox); Filing id: 4',
    );
    expect(auditActorFallback('order_status_changed', { madeBy: 'fax_outbox' })).toBe('System (fax outbox)');
    expect(auditActorFallback('order_status_changed', { madeBy: 'overdue_check' })).toBe('System (overdue filings check)');
    expect(auditActorFallback('order_status_changed', { madeBy: 'customer' })).toBe('Customer');
    expect(auditActorFallback('order_cancelled_by_customer', {})).toBe('Customer');
    expect(auditActorFallback('sign_in_failed', null)).toBe('Not signed in');
    expect(auditActorFallback('retention_purged')).toBe('System');
  });

  it('names the accounts of an assignment, and nobody for none', () => {
    expect(auditDetailText('order_assignment_changed', { from: null, to: 'u-fred' }, memberName)).toBe('From: nobody; To: Fred Fulfiller');
    expect(auditDetailText('order_auto_assigned', { assignedTo: 'u-gone' }, memberName)).toBe('Assigned to: a deleted account');
  });

  it('writes a change of one field as before and after, and yes or no for switches', () => {
    expect(auditDetailText('user_updated', { changed: ['role', 'notificationEnabled'], role: { from: 'fulfiller', to: 'admin' } })).toBe(
      'Changed: role, e-mail notifications; Role: Fulfiller \u2192 Admin',
    );
    expect(auditDetailText('user_created', { email: 'new@example.com', role: 'fulfiller', suspended: false, priorityFulfiller: true })).toBe(
      'E-mail: new@example.com; Role: Fulfiller; Suspended: no; Priority fulfiller: yes',
    );
  });

  it('says why access was denied', () => {
    expect(auditDetailText('access_denied', { reason: 'not_assigned', route: 'GET /api/manage/orders/:id' })).toBe(
      'Reason: the order is not assigned to them; Request: GET /api/manage/orders/:id',
    );
    expect(auditDetailText('access_denied', { reason: 'missing_permission:audit:read' })).toBe('Reason: the role lacks the permission \u201caudit:read\u201d');
    expect(auditDetailText('two_factor_failed', { step: 'sign_in', outcome: 'locked' })).toBe('During: sign-in; Outcome: locked after too many codes');
  });

  it('writes nested counts and the retention windows in words', () => {
    expect(
      auditDetailText('data_purged', { checkouts: 2, orders: 1, mailFiles: 0, windows: { unpaidCheckoutHours: 72, orderDays: 2555, mailDays: 30 } }),
    ).toBe('Checkouts: 2; Orders: 1; Mail copies: 0; Kept for: unpaid checkouts: 72 hours, orders: 2,555 days, e-mails: 30 days');
  });

  it('writes keys this build does not know in words too, alphabetically after the known ones, cents as dollars', () => {
    expect(auditDetailText('some_new_action', { someNewKey: 'value', feeCents: 250, done: true, items: ['a', 'b'] })).toBe(
      'Done: yes; Fee: $2.50; Items: a, b; Some new key: value',
    );
    expect(auditDetailText('sign_in', null)).toBe('');
  });
});
