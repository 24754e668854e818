// Orders over many days for the dashboard's tests, and what the dashboard should say about them,
// worked out here from the orders' own facts (not from the database): each order's payment, the
// statuses it went through and when, its refund, dispute, filings and fax-back. The server test
// and the browser test seed the same plan (dashboard-seed.ts writes it) and read the dashboard
// against these figures.
import { businessDayOf, startOfBusinessDay } from '#shared/dates.ts';
import type { OrderStatus } from '#shared/orders/lifecycle.ts';
import { dayBefore, mondayOf } from '#shared/dashboard/dashboard.ts';

const hour = 60 * 60 * 1000;

export type SeededFiling = { method: 'fax' | 'online'; createdAt: Date; attempts: number; deliveredAt?: Date; givenUpAt?: Date };

export type SeededOrder = {
  trackingNumber: string;
  paidAt: Date;
  amountCents: number;
  assignee: string | null;
  /** The statuses it entered after the first, in order. */
  events: { status: OrderStatus; at: Date }[];
  refund?: { cents: number; at: Date };
  disputedAt?: Date;
  filings: SeededFiling[];
  faxBack?: { by: 'code' | 'staff'; at: Date };
  completedAt?: Date;
};

export type DashboardPlan = { orders: SeededOrder[]; unpaidCheckouts: Date[] };

function trackingNumberOf(index: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  let text = '';
  let rest = index;
  for (let position = 0; position < 4; position += 1) {
    text = alphabet[rest % alphabet.length]! + text;
    rest = Math.floor(rest / alphabet.length);
  }
  return `DASH${text}`.padEnd(12, '7');
}

/**
 * A plan of orders paid on each of the `days` days up to `now` (1 to 3 a day, through the day in Eastern
 * time), most taken through to their EIN by fax or online, some refunded, disputed, overdue at the IRS
 * or given up by the fax outbox, assigned in turn to `assignees` and to nobody; and one checkout a day
 * left unpaid. Nothing happens after `now`.
 */
export function planDashboardOrders(now: Date, days: number, assignees: readonly (string | null)[]): DashboardPlan {
  const plan: DashboardPlan = { orders: [], unpaidCheckouts: [] };
  const today = businessDayOf(now);
  let index = 0;
  for (let back = days - 1; back >= 0; back -= 1) {
    const dayStart = startOfBusinessDay(dayBefore(today, back));
    const unpaid = new Date(dayStart.getTime() + 7 * hour);
    if (unpaid <= now) plan.unpaidCheckouts.push(unpaid);
    for (let slot = 0; slot < 1 + (back % 3); slot += 1) {
      const paidAt = new Date(dayStart.getTime() + (8 + slot * 5) * hour + (index % 7) * 7 * 60_000);
      if (paidAt > now) continue;
      plan.orders.push(planOrder(index, paidAt, assignees[index % assignees.length] ?? null, now));
      index += 1;
    }
  }
  return plan;
}

function planOrder(index: number, paidAt: Date, assignee: string | null, now: Date): SeededOrder {
  const at = (hours: number) => new Date(paidAt.getTime() + hours * hour);
  const order: SeededOrder = { trackingNumber: trackingNumberOf(index), paidAt, amountCents: index % 5 === 0 ? 19900 : 14900, assignee, events: [], filings: [] };
  const enter = (status: OrderStatus, when: Date) => {
    if (when <= now) order.events.push({ status, at: when });
    return when <= now;
  };
  if (index % 9 === 4) {
    // Cancelled within the hour, its money given back.
    order.refund = { cents: order.amountCents, at: at(0.5) };
    if (order.refund.at > now) delete order.refund;
    enter('cancelled', at(0.5));
    return order;
  }
  if (index % 13 === 6) order.disputedAt = at(30) <= now ? at(30) : undefined;
  if (!enter('awaiting_user_signature', at(2))) return order;
  if (!enter('ss4_signed_awaiting_irs', at(5))) return order;
  const method = index % 3 === 0 ? 'online' : 'fax';
  const filedAt = at(20);
  if (filedAt > now) return order;
  if (method === 'fax' && index % 11 === 2) {
    // The outbox gave up on the fax; staff then filed online.
    order.filings.push({ method: 'fax', createdAt: filedAt, attempts: 3, givenUpAt: at(23) });
    if (at(23) > now) return order;
    order.filings.push({ method: 'online', createdAt: at(26), attempts: 0 });
    if (!enter('submitted_to_irs', at(26))) return order;
  } else {
    const attempts = method === 'fax' ? (index % 4 === 1 ? 2 : 1) : 0;
    order.filings.push({ method, createdAt: filedAt, attempts, deliveredAt: method === 'fax' ? at(20.5) : undefined });
    if (order.filings[0]!.deliveredAt && order.filings[0]!.deliveredAt > now) order.filings[0]!.deliveredAt = undefined;
    if (!enter('submitted_to_irs', at(21))) return order;
  }
  if (index % 7 === 3) {
    // No answer in time: overdue at the IRS, and still waiting.
    enter('irs_overdue', at(21 + 6 * 24));
    return order;
  }
  const einHours = 30 + (index % 10) * 9;
  if (at(einHours) > now) return order;
  const lastFiling = order.filings[order.filings.length - 1]!;
  if (lastFiling.method === 'fax') order.faxBack = { by: index % 6 === 1 ? 'staff' : 'code', at: at(einHours - 1) };
  enter('completed', at(einHours));
  order.completedAt = at(einHours);
  if (index % 17 === 8) {
    order.refund = { cents: 5000, at: at(einHours + 50) };
    if (order.refund.at > now) delete order.refund;
  }
  return order;
}

// What the dashboard should say: the same definitions, counted from the plan.

export type ExpectedSums = {
  checkoutsStarted: number;
  paidOrders: number;
  revenueCents: number;
  refunds: number;
  refundedOrders: number;
  refundedCents: number;
  disputes: number;
  entered: Record<'awaiting_user_signature' | 'ss4_signed_awaiting_irs' | 'submitted_to_irs' | 'irs_overdue' | 'completed', number>;
  faxFirstTime: number;
  faxAfterRetries: number;
  faxGivenUp: number;
  faxbacksAutomatic: number;
  faxbacksByHand: number;
};

/** The plan's events from `from` to `to` (Eastern days, inclusive), of every order (`assignee` undefined) or one member's. */
export function expectedSums(plan: DashboardPlan, from: string, to: string, assignee?: string): ExpectedSums {
  const within = (at: Date | undefined) => at !== undefined && businessDayOf(at) >= from && businessDayOf(at) <= to;
  const mine = plan.orders.filter((order) => assignee === undefined || order.assignee === assignee);
  const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;
  const enteredCount = (status: OrderStatus) => mine.reduce((sum, order) => sum + count(order.events, (event) => event.status === status && within(event.at)), 0);
  const fax = mine.flatMap((order) => order.filings.filter((filing) => filing.method === 'fax'));
  return {
    checkoutsStarted: assignee === undefined ? count(plan.orders, (order) => within(new Date(order.paidAt.getTime() - 10 * 60_000))) + count(plan.unpaidCheckouts, within) : 0,
    paidOrders: count(mine, (order) => within(order.paidAt)),
    revenueCents: mine.filter((order) => within(order.paidAt)).reduce((sum, order) => sum + order.amountCents, 0),
    refunds: count(mine, (order) => within(order.refund?.at)),
    refundedOrders: count(mine, (order) => within(order.refund?.at)),
    refundedCents: mine.filter((order) => within(order.refund?.at)).reduce((sum, order) => sum + (order.refund?.cents ?? 0), 0),
    disputes: count(mine, (order) => within(order.disputedAt)),
    entered: {
      awaiting_user_signature: enteredCount('awaiting_user_signature'),
      ss4_signed_awaiting_irs: enteredCount('ss4_signed_awaiting_irs'),
      submitted_to_irs: enteredCount('submitted_to_irs'),
      irs_overdue: enteredCount('irs_overdue'),
      completed: enteredCount('completed'),
    },
    faxFirstTime: count(fax, (filing) => within(filing.deliveredAt) && filing.attempts <= 1),
    faxAfterRetries: count(fax, (filing) => within(filing.deliveredAt) && filing.attempts > 1),
    faxGivenUp: count(fax, (filing) => within(filing.givenUpAt)),
    faxbacksAutomatic: count(mine, (order) => order.faxBack?.by === 'code' && within(order.faxBack.at)),
    faxbacksByHand: count(mine, (order) => order.faxBack?.by === 'staff' && within(order.faxBack.at)),
  };
}

/** PostgreSQL's `percentile_cont`: linear between the two nearest values. */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

/** The hours from payment to EIN of the orders completed in the week of `monday`, by the method of their last filing. */
export function expectedHoursToEin(plan: DashboardPlan, monday: string, method: 'fax' | 'online', assignee?: string): number[] {
  return plan.orders
    .filter((order) => (assignee === undefined || order.assignee === assignee) && order.completedAt && mondayOf(businessDayOf(order.completedAt)) === monday)
    .filter((order) => order.filings[order.filings.length - 1]?.method === method)
    .map((order) => (order.completedAt!.getTime() - order.paidAt.getTime()) / hour);
}

