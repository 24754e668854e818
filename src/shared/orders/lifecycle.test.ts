import { describe, expect, it } from 'vitest';
import {
  counterGroups,
  customerStatusFor,
  findTransition,
  isInStatusGroup,
  normalizeOrderStatus,
  orderStatuses,
  orderStatusLabels,
  orderTransitions,
  stageAfter,
  staffTargetsFrom,
  statusesOfCounter,
  statusesOfFilter,
  trackingStageFor,
  type CounterGroup,
  type OrderStatus,
} from './lifecycle';
import { expectedLegacyStatuses, expectedStatuses } from '#tests/support/order-statuses.ts';
import { auditActionLabels } from '../audit/audit';
import { permissions } from '../staff/permissions';

const statusesExpected = Object.keys(expectedStatuses) as OrderStatus[];

describe('the order lifecycle table', () => {
  it('has the statuses the spec names, in the order of a filing, each with its label', () => {
    expect(orderStatuses).toEqual(statusesExpected);
    for (const status of orderStatuses) expect(orderStatusLabels[status], status).toBe(expectedStatuses[status].label);
  });

  it('says what each status means to the customer and where it is counted', () => {
    for (const status of orderStatuses) {
      const expected = expectedStatuses[status];
      expect(customerStatusFor(status), status).toBe(expected.customerStatus);
      expect(trackingStageFor(status), status).toBe(expected.stage);
      expect(statusesOfCounter(expected.counter), status).toContain(status);
    }
  });

  it('reads legacy values as the statuses they map to, and anything unknown as a new order', () => {
    for (const [stored, read] of Object.entries(expectedLegacyStatuses)) {
      expect(normalizeOrderStatus(stored)).toBe(read);
      expect(customerStatusFor(stored)).toBe(expectedStatuses[read].customerStatus);
    }
    expect(normalizeOrderStatus('no_such_status')).toBe('reviewing_form_data');
  });

  it('counts every status in exactly one counter, and a counter of several statuses has a filter of its own', () => {
    const counted = (Object.keys(counterGroups) as CounterGroup[]).flatMap(statusesOfCounter);
    expect([...counted].sort()).toEqual([...orderStatuses].sort());
    expect(statusesOfFilter('in-progress')).toEqual(statusesExpected.filter((status) => expectedStatuses[status].counter === 'in_progress'));
    expect(statusesOfFilter('on_hold')).toEqual(['on_hold']);
    expect(statusesOfFilter('all')).toBeNull();
  });

  it('lets staff move an open order to any other status, sending the customer the e-mail each one promises', () => {
    for (const from of orderStatuses.filter((status) => !expectedStatuses[status].final)) {
      for (const to of orderStatuses.filter((status) => status !== from && !expectedStatuses[status].enteredByFilingOnly)) {
        // On hold is entered from work in process only: an order already on hold stays, with a new reason.
        const transition = findTransition(from, to, 'staff');
        expect(transition, `${from} → ${to}`).not.toBeNull();
        expect(transition!.customerEmail, `${from} → ${to}`).toBe(expectedStatuses[to].customerEmail?.kind ?? null);
        expect(transition!.permission).toBe('orders:change-status');
        expect(stageAfter(transition!)).toBe(expectedStatuses[to].stage);
      }
    }
  });

  it('keeps completed and cancelled orders where they are: staff are offered nothing else', () => {
    for (const final of orderStatuses.filter((status) => expectedStatuses[status].final)) {
      expect(staffTargetsFrom(final), final).toEqual([]);
      expect(isInStatusGroup('closed', final)).toBe(true);
      for (const to of orderStatuses) expect(findTransition(final, to, 'staff'), `${final} → ${to}`).toBeNull();
    }
    // Only a refund of everything paid moves a completed order, and it cancels it.
    expect(orderTransitions.filter((transition) => transition.from.includes('completed')).map((transition) => [transition.by, transition.to])).toEqual([['refund', 'cancelled']]);
  });

  it('lets only the filing leg mark an order overdue at the IRS, submit it when its fax is delivered, and complete it with the EIN it read', () => {
    for (const status of orderStatuses.filter((candidate) => expectedStatuses[candidate].enteredByFilingOnly)) {
      for (const from of orderStatuses) expect(findTransition(from, status, 'staff'), `${from} → ${status}`).toBeNull();
      expect(staffTargetsFrom('submitted_to_irs')).not.toContain(status);
    }
    expect(findTransition('submitted_to_irs', 'irs_overdue', 'filing')).toMatchObject({ permission: null, customerEmail: null });
    expect(findTransition('ss4_signed_awaiting_irs', 'irs_overdue', 'filing')).toBeNull();
    expect(findTransition('ss4_signed_awaiting_irs', 'submitted_to_irs', 'filing')).toMatchObject({ customerEmail: null });
    expect(findTransition('irs_overdue', 'completed', 'filing')).toMatchObject({ customerEmail: 'ein' });
    // Staff take an overdue order on from there like any other open one.
    expect(findTransition('irs_overdue', 'completed', 'staff')).toMatchObject({ customerEmail: 'ein' });
    expect(findTransition('irs_overdue', 'on_hold', 'staff')).not.toBeNull();
  });

  it('lets the customer sign, a refund cancel and a dispute hold, sending the customer nothing of their own', () => {
    expect(findTransition('awaiting_user_signature', 'ss4_signed_awaiting_irs', 'signature')).toMatchObject({ permission: null, customerEmail: null });
    expect(findTransition('submitted_to_irs', 'cancelled', 'refund')).toMatchObject({ permission: 'refunds:create', customerEmail: null });
    expect(findTransition('cancelled', 'cancelled', 'refund')).toBeNull();
    expect(findTransition('preparing_ss4_form', 'on_hold', 'dispute')).toMatchObject({ permission: null, customerEmail: null });
    expect(findTransition('on_hold', 'on_hold', 'dispute')).toBeNull();
    expect(findTransition('completed', 'on_hold', 'dispute')).toBeNull();
  });

  it('names only permissions and audit actions that exist', () => {
    for (const transition of orderTransitions) {
      if (transition.permission !== null) expect(permissions).toContain(transition.permission);
      expect(Object.keys(auditActionLabels)).toContain(transition.audit);
    }
  });
});
