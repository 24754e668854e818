import { sql } from 'drizzle-orm';
import { businessDayOf, businessTimeZone, startOfBusinessDay } from '#shared/dates.ts';
import { dayBefore, mondayOf } from '#shared/dashboard/dashboard.ts';
import { storedValuesOf, type Db } from '../db';

// The dashboard's figures are computed ahead (decision 066): the refresh counts each day's events per
// assignee into `dashboard_days`, and each week's hours from payment to EIN into `dashboard_weeks`, so a
// dashboard call reads a few hundred rows whatever the number of orders. Each run recomputes the days
// since its last run (and the two before, for late writes); once a day, and the first time, it
// recomputes the whole window the dashboard shows, which also moves an order's past events to the
// member it is assigned to now.

/** The days the dashboard reads: 90 days of charts, whole weeks around them, and 30 days before the last 30. */
export const dashboardWindowDays = 100;
/** Days recomputed again on every run, for events written late (a webhook read after midnight). */
const recentDays = 2;
const rebuildEveryMs = 24 * 60 * 60 * 1000;

export type DashboardRefresh = { fromDay: string; toDay: string; rebuilt: boolean; milliseconds: number };

/** Recomputes the figures from the last run's day (or the whole window) to today; several instances take turns. */
export async function refreshDashboard(db: Db, now: Date = new Date(), options: { rebuild?: boolean } = {}): Promise<DashboardRefresh> {
  const started = performance.now();
  const today = businessDayOf(now);
  return db.transaction(async (tx) => {
    // One refresh at a time: a second instance waits, then recomputes from where the first left off.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('dashboard-refresh'))`);
    const [last] = (await tx.execute(sql`select refreshed_at, rebuilt_at from dashboard_refreshes where id = 1`)).rows as { refreshed_at: string | Date; rebuilt_at: string | Date }[];
    const rebuild = options.rebuild === true || !last || now.getTime() - new Date(last.rebuilt_at).getTime() >= rebuildEveryMs;
    const windowStart = dayBefore(today, dashboardWindowDays);
    const sinceLast = last ? dayBefore(businessDayOf(new Date(last.refreshed_at)), recentDays) : windowStart;
    const fromDay = rebuild || sinceLast < windowStart ? windowStart : sinceLast;
    const from = startOfBusinessDay(fromDay);

    await tx.execute(sql`delete from dashboard_days where day >= ${fromDay}::date or day < ${dayBefore(windowStart, 7)}::date`);
    await tx.execute(countDays(from));
    // The weeks that end on or after `fromDay`, whole.
    await tx.execute(sql`delete from dashboard_weeks where week >= ${mondayOf(fromDay)}::date or week < ${dayBefore(windowStart, 7)}::date`);
    await tx.execute(measureWeeks(mondayOf(fromDay)));

    const rebuiltAt = rebuild ? now : new Date(last!.rebuilt_at);
    await tx.execute(sql`
      insert into dashboard_refreshes (id, refreshed_at, rebuilt_at) values (1, ${now.toISOString()}, ${rebuiltAt.toISOString()})
      on conflict (id) do update set refreshed_at = excluded.refreshed_at, rebuilt_at = excluded.rebuilt_at`);
    return { fromDay, toDay: today, rebuilt: rebuild, milliseconds: performance.now() - started };
  });
}

const zone = sql.raw(`'${businessTimeZone}'`);
const inList = (values: string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** Every event since `from`, as (time, assignee, kind, order, cents), summed into each Eastern day's row. */
function countDays(from: Date) {
  const since = from.toISOString();
  const assignee = sql`coalesce(o.assigned_to, '')`;
  const entered = (status: 'awaiting_user_signature' | 'ss4_signed_awaiting_irs' | 'submitted_to_irs' | 'irs_overdue' | 'completed') => sql`count(*) filter (where kind = 'status' and stage in (${inList(storedValuesOf(status))}))`;
  return sql`
    insert into dashboard_days (day, assignee, checkouts_started, paid_orders, revenue_cents, refunds, refunded_orders, refunded_cents, disputes,
      entered_awaiting_signature, entered_awaiting_filing, entered_at_irs, entered_overdue, entered_completed,
      fax_first_time, fax_after_retries, fax_given_up, faxbacks_automatic, faxbacks_by_hand)
    select (at at time zone ${zone})::date as day, assignee,
      count(*) filter (where kind = 'checkout'),
      count(*) filter (where kind = 'paid'),
      coalesce(sum(cents) filter (where kind = 'paid'), 0),
      count(*) filter (where kind = 'refund'),
      count(distinct order_id) filter (where kind = 'refund'),
      coalesce(sum(cents) filter (where kind = 'refund'), 0),
      count(*) filter (where kind = 'dispute'),
      ${entered('awaiting_user_signature')},
      ${entered('ss4_signed_awaiting_irs')},
      ${entered('submitted_to_irs')},
      ${entered('irs_overdue')},
      ${entered('completed')},
      count(*) filter (where kind = 'fax' and stage = 'first-time'),
      count(*) filter (where kind = 'fax' and stage = 'after-retries'),
      count(*) filter (where kind = 'fax' and stage = 'given-up'),
      count(*) filter (where kind = 'fax-back' and stage = 'automatic'),
      count(*) filter (where kind = 'fax-back' and stage = 'by-hand')
    from (
      select c.created_at as at, '' as assignee, 'checkout' as kind, null::text as stage, null::integer as order_id, 0::bigint as cents
        from checkouts c where c.created_at >= ${since}
      union all
      select o.create_date, ${assignee}, 'paid', null, o.id, o.amount::bigint
        from orders o where o.create_date >= ${since}
      union all
      select r.updated_at, ${assignee}, 'refund', null, o.id, r.amount_cents::bigint
        from refunds r join orders o on o.id = r.order_id where r.state = 'succeeded' and r.updated_at >= ${since}
      union all
      select o.disputed_at, ${assignee}, 'dispute', null, o.id, 0
        from orders o where o.disputed_at is not null and o.disputed_at >= ${since}
      union all
      select h.changed_at, ${assignee}, 'status', h.to_status, o.id, 0
        from order_status_history h join orders o on o.id = h.order_id where h.changed_at >= ${since}
      union all
      select f.delivered_at, ${assignee}, 'fax', case when f.attempts <= 1 then 'first-time' else 'after-retries' end, o.id, 0
        from filings f join orders o on o.id = f.order_id where f.method = 'fax' and f.delivered_at is not null and f.delivered_at >= ${since}
      union all
      select f.updated_at, ${assignee}, 'fax', 'given-up', o.id, 0
        from filings f join orders o on o.id = f.order_id where f.method = 'fax' and f.status = 'failed' and f.updated_at >= ${since}
      union all
      select case when i.match_method = 'staff' then i.confirmed_at else i.read_at end, ${assignee}, 'fax-back',
          case when i.match_method = 'staff' then 'by-hand' else 'automatic' end, o.id, 0
        from inbound_faxes i join orders o on o.id = i.order_id
        where i.match_method is not null and (case when i.match_method = 'staff' then i.confirmed_at else i.read_at end) >= ${since}
    ) events
    group by 1, 2`;
}

/**
 * Per week from `fromMonday`: the orders whose EIN came that week (completed), by the method of
 * their last filing, with the median and 90th percentile of the hours from payment; per assignee and
 * for every order ('*'). Orders completed without a filing recorded here are in neither method.
 */
function measureWeeks(fromMonday: string) {
  const since = startOfBusinessDay(fromMonday).toISOString();
  return sql`
    insert into dashboard_weeks (week, assignee, method, orders, median_hours, p90_hours)
    select week, coalesce(assignee, '*'), method, count(*),
      percentile_cont(0.5) within group (order by hours), percentile_cont(0.9) within group (order by hours)
    from (
      select date_trunc('week', o.completed_at at time zone ${zone})::date as week, coalesce(o.assigned_to, '') as assignee, f.method,
        extract(epoch from (o.completed_at - o.create_date)) / 3600.0 as hours
      from orders o
      join lateral (select method from filings where order_id = o.id order by created_at desc, id desc limit 1) f on true
      where o.completed_at is not null and o.completed_at >= ${since} and o.status = 'completed'
    ) completions
    group by grouping sets ((week, method, assignee), (week, method))`;
}
