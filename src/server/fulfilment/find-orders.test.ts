// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { createStaffMember, type TestStaffMember } from '#tests/factories/staff.ts';
import { normalizeOrderStatus, orderPriorities, orderStatuses } from '#shared/orders/lifecycle.ts';
import { searchCountLimit, type OrderListResponse, type StaffListResponse } from '#shared/fulfilment/orders.ts';
import { seedOrders } from '#tests/factories/seed-orders.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { listOrders } from '#tests/support/orders-api.ts';
import { PgDialect } from 'drizzle-orm/pg-core';
import { distinctiveParts, orderTextContains } from './order-search';
import { countersOf } from '#tests/support/counters.ts';

const legacyStatuses = ['submitted', 'assigned', 'in_progress', 'irs_submitted'];

describe('the parts of a company-name search looked up in the trigram index', () => {
  it('are the stretches between common words, three characters or more, each a part of the text', () => {
    expect(distinctiveParts('Weelplith Roofing Holdings LLC')).toEqual(['Weelplith']);
    expect(distinctiveParts('The Quorvath Family Trust')).toEqual(['Quorvath']);
    expect(distinctiveParts('Acme Rocket Skates, L.L.C.')).toEqual(['Acme Rocket Skates']);
    expect(distinctiveParts('Blue Sky Roofing Zorvanta Group')).toEqual(['Blue Sky', 'Zorvanta']);
    // Nothing left to look up: the caller looks up the whole text.
    expect(distinctiveParts('Roofing Holdings')).toEqual([]);
    expect(distinctiveParts('Al Co')).toEqual([]);
  });
});

describe('the patterns a search asks the trigram indexes for', () => {
  const patterns = (text: string) => new PgDialect().sqlToQuery(orderTextContains(text)!).params;

  it('asks for the longest stretch of an address\'s name part, and the part before its domain for a company name', () => {
    // In this order: the tracking number, the e-mail's lookup and check, the company name's lookup and check.
    expect(patterns('daniel.lee23180@example.com')).toEqual([
      '%daniel.lee23180@example.com%',
      '%lee23180%',
      '%daniel.lee23180@example.com%',
      '%daniel.lee23180@%',
      '%daniel.lee23180@example.com%',
    ]);
    expect(patterns('niel.lee23180')).toEqual(['%niel.lee23180%', '%lee23180%', '%niel.lee23180%', '%niel.lee23180%']);
    // A text of one stretch is looked up whole.
    expect(patterns('daniel')).toEqual(['%daniel%', '%daniel%', '%daniel%']);
  });
});

describe.each(testDatabaseKinds)('GET /api/manage/orders and /api/manage/staff on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let fulfiller: SignedInMember;
  let otherFulfiller: TestStaffMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin', name: 'Ada Admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller', name: 'Frank Fulfiller' });
    otherFulfiller = await createStaffMember(harness.services, { role: 'fulfiller', name: 'Olga Other' });
  });

  beforeEach(async () => {
    await harness.database.db.execute(sql`truncate orders, checkouts cascade`);
  });

  /** Orders created one minute apart, oldest first, so "newest first" has one right answer. */
  let clock = Date.parse('2025-01-06T12:00:00.000Z');
  const nextDate = () => {
    clock += 60_000;
    return new Date(clock);
  };

  it('answers 401 without a session', async () => {
    const response = await staffInject(harness.app, null, 'GET', '/api/manage/orders');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthorized', message: staffMessages.notAuthenticated } });
  });

  it('lists an order with its company, amount, assignee and dates, uncacheable', async () => {
    const dueDate = new Date('2025-01-08T12:00:00.000Z');
    const createDate = nextDate();
    const order = await createPaidOrder(harness.database.db, {
      billingEmail: 'owner@example.com',
      priority: 'express',
      status: 'preparing_ss4_form',
      assignedTo: fulfiller.id,
      dueDate,
      createDate,
    });
    const response = await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/orders');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      orders: [
        {
          id: order.id,
          applicationId: order.applicationId,
          companyName: 'Hill Country Woodworks LLC',
          billingEmail: 'owner@example.com',
          locale: 'en',
          amountCents: 14900,
          currency: 'usd',
          paymentStatus: 'paid',
          status: 'preparing_ss4_form',
          priority: 'express',
          assignee: { id: fulfiller.id, name: 'Frank Fulfiller' },
          dueDate: dueDate.toISOString(),
          disputed: false,
          createDate: createDate.toISOString(),
        },
      ],
      total: 1,
      totalIsLowerBound: false,
      page: 1,
      pageSize: 25,
      nextCursor: null,
      previousCursor: null,
      counters: countersOf({ new: 0, in_progress: 1, completed: 0, on_hold: 0, cancelled: 0 }),
    });
    // Never the SSN, not even sealed.
    expect(response.body).not.toContain('v1.test');
  });

  it('filters by each status, reading legacy values as the status they map to', async () => {
    const byStored = new Map<string, string>();
    for (const status of [...orderStatuses, ...legacyStatuses]) {
      const order = await createPaidOrder(harness.database.db, { status, createDate: nextDate() });
      byStored.set(order.applicationId, status);
    }
    for (const status of orderStatuses) {
      const list = await listOrders(harness.app, admin.cookie, `status=${status}`);
      const expected = [...byStored].filter(([, stored]) => normalizeOrderStatus(stored) === status).map(([id]) => id);
      expect(list.orders.map((order) => order.applicationId).sort(), status).toEqual(expected.sort());
      expect(list.total, status).toBe(expected.length);
      expect(list.orders.every((order) => order.status === status), status).toBe(true);
    }
    // Four stored values read as Reviewing Form Data, two as Submitted to IRS.
    expect((await listOrders(harness.app, admin.cookie, 'status=reviewing_form_data')).total).toBe(4);
    expect((await listOrders(harness.app, admin.cookie, 'status=submitted_to_irs')).total).toBe(2);
    const all = await listOrders(harness.app, admin.cookie, 'status=all');
    expect(all.total).toBe(orderStatuses.length + legacyStatuses.length);
    expect(all.orders.map((order) => order.status).filter((status) => !(orderStatuses as readonly string[]).includes(status))).toEqual([]);
  });

  it('filters by priority, and combines filters', async () => {
    for (const priority of orderPriorities) {
      await createPaidOrder(harness.database.db, { priority, createDate: nextDate() });
      await createPaidOrder(harness.database.db, { priority, status: 'completed', createDate: nextDate() });
    }
    for (const priority of orderPriorities) {
      const list = await listOrders(harness.app, admin.cookie, `priority=${priority}`);
      expect(list.total, priority).toBe(2);
      expect(list.orders.map((order) => order.priority), priority).toEqual([priority, priority]);
    }
    const rushCompleted = await listOrders(harness.app, admin.cookie, 'priority=rush&status=completed');
    expect(rushCompleted.orders.map((order) => [order.priority, order.status])).toEqual([['rush', 'completed']]);
  });

  it('filters by the customer\'s language, combined with the other filters and a search, counting what it keeps', async () => {
    const spanish = [];
    for (const status of ['reviewing_form_data', 'completed'] as const) {
      spanish.push(await createPaidOrder(harness.database.db, { locale: 'es', status, billingEmail: 'cliente@example.com', createDate: nextDate() }));
      await createPaidOrder(harness.database.db, { status, billingEmail: 'customer@example.com', createDate: nextDate() });
    }
    const inSpanish = await listOrders(harness.app, admin.cookie, 'language=es');
    expect(inSpanish.orders.map((order) => [order.id, order.locale])).toEqual(spanish.reverse().map((order) => [order.id, 'es']));
    expect([inSpanish.total, inSpanish.totalIsLowerBound]).toEqual([2, false]);
    // The counters stay over every order the member may see.
    expect(inSpanish.counters.total).toBe(4);
    const inEnglish = await listOrders(harness.app, admin.cookie, 'language=en');
    expect(inEnglish.orders.map((order) => order.locale)).toEqual(['en', 'en']);
    expect(inEnglish.total).toBe(2);

    const completedInSpanish = await listOrders(harness.app, admin.cookie, 'language=es&status=completed');
    expect(completedInSpanish.orders.map((order) => [order.status, order.locale])).toEqual([['completed', 'es']]);
    expect(completedInSpanish.total).toBe(1);
    const searched = await listOrders(harness.app, admin.cookie, 'language=es&search=example.com');
    expect(searched.orders.map((order) => order.billingEmail)).toEqual(['cliente@example.com', 'cliente@example.com']);
    expect(searched.total).toBe(2);
    // An address with a language the service does not speak lists every order, as any unrecognisable filter does.
    expect((await listOrders(harness.app, admin.cookie, 'language=fr')).total).toBe(4);
  });

  it('searches part of the tracking number or of the e-mail, in any case', async () => {
    const byEmail = await createPaidOrder(harness.database.db, { billingEmail: 'Alice.Owner@Example.com', applicationId: 'AAAA11112222', createDate: nextDate() });
    const byNumber = await createPaidOrder(harness.database.db, { billingEmail: 'bob@example.org', applicationId: 'QZX9K2M4P7RT', createDate: nextDate() });
    await createPaidOrder(harness.database.db, { billingEmail: 'carol@example.net', applicationId: 'BBBB33334444', createDate: nextDate() });

    const ids = async (search: string) =>
      (await listOrders(harness.app, admin.cookie, `search=${encodeURIComponent(search)}`)).orders.map((order) => order.applicationId);
    expect(await ids('alice.OWNER@example')).toEqual([byEmail.applicationId]);
    expect(await ids('ALICE')).toEqual([byEmail.applicationId]);
    expect(await ids('k2m4')).toEqual([byNumber.applicationId]);
    expect(await ids('  9K2M4P  ')).toEqual([byNumber.applicationId]);
    expect(await ids('example.org')).toEqual([byNumber.applicationId]);
    expect(await ids('nobody')).toEqual([]);
    expect((await listOrders(harness.app, admin.cookie, 'search=example')).total).toBe(3);
  });

  it('finds a whole e-mail address, and the longer addresses that contain it', async () => {
    const jane = await createPaidOrder(harness.database.db, { billingEmail: 'jane.doe@example.com', createDate: nextDate() });
    const maryJane = await createPaidOrder(harness.database.db, { billingEmail: 'Mary-JANE.Doe@Example.com.au', createDate: nextDate() });
    await createPaidOrder(harness.database.db, { billingEmail: 'jane.doe@example.org', createDate: nextDate() });
    await createPaidOrder(harness.database.db, { billingEmail: 'john.doe@example.com', createDate: nextDate() });

    const ids = async (search: string) =>
      (await listOrders(harness.app, admin.cookie, `search=${encodeURIComponent(search)}`)).orders.map((order) => order.id).sort((a, b) => a - b);
    expect(await ids('jane.doe@example.com')).toEqual([jane.id, maryJane.id]);
    expect(await ids('JANE.DOE@EXAMPLE.COM.AU')).toEqual([maryJane.id]);
    expect(await ids('e.doe@exa')).toHaveLength(3);
    expect((await ids('@example.com')).length).toBe(3);
    expect(await ids('jane.doe@')).toHaveLength(3);
    expect(await ids('doe@example.net')).toEqual([]);
  });

  it('finds an address by its name part typed across its dots, and only addresses that hold the text whole', async () => {
    // Looked up by the longest stretch ("lee23180"), then checked whole on the rows found.
    const daniel = await createPaidOrder(harness.database.db, { billingEmail: 'daniel.lee23180@example.com', createDate: nextDate() });
    await createPaidOrder(harness.database.db, { billingEmail: 'maria.lee23180@example.com', createDate: nextDate() });
    await createPaidOrder(harness.database.db, { billingEmail: 'daniel-lee23180@example.com', createDate: nextDate() });

    const ids = async (search: string) =>
      (await listOrders(harness.app, admin.cookie, `search=${encodeURIComponent(search)}`)).orders.map((order) => order.id).sort((a, b) => a - b);
    expect(await ids('niel.LEE23180')).toEqual([daniel.id]);
    expect(await ids('daniel.lee23180@example.com')).toEqual([daniel.id]);
    expect(await ids('lee23180@')).toHaveLength(3);
    expect(await ids('daniel.lee2318@')).toEqual([]);
  });

  it('takes %, _ and \\ in the search literally', async () => {
    const underscore = await createPaidOrder(harness.database.db, { billingEmail: 'a_b@example.com', createDate: nextDate() });
    await createPaidOrder(harness.database.db, { billingEmail: 'axb@example.com', createDate: nextDate() });
    const percent = await createPaidOrder(harness.database.db, { billingEmail: 'x%y@example.com', createDate: nextDate() });
    const backslash = await createPaidOrder(harness.database.db, { billingEmail: 'c\\d@example.com', createDate: nextDate() });

    const ids = async (search: string) =>
      (await listOrders(harness.app, admin.cookie, `search=${encodeURIComponent(search)}`)).orders.map((order) => order.applicationId);
    expect(await ids('a_b')).toEqual([underscore.applicationId]);
    expect(await ids('%')).toEqual([percent.applicationId]);
    expect(await ids('x%y')).toEqual([percent.applicationId]);
    expect(await ids('_')).toEqual([underscore.applicationId]);
    expect(await ids('c\\d')).toEqual([backslash.applicationId]);
    expect(await ids('\\')).toEqual([backslash.applicationId]);
  });

  it('pages 25 at a time, newest first, ties by id', async () => {
    const created: number[] = [];
    for (let i = 0; i < 28; i += 1) created.push((await createPaidOrder(harness.database.db, { createDate: nextDate() })).id);
    // Two more at the very same moment: the higher id comes first.
    const sameMoment = nextDate();
    created.push((await createPaidOrder(harness.database.db, { createDate: sameMoment })).id);
    created.push((await createPaidOrder(harness.database.db, { createDate: sameMoment })).id);
    const newestFirst = [...created].reverse();

    const first = await listOrders(harness.app, admin.cookie);
    expect(first.orders).toHaveLength(25);
    expect(first.total).toBe(30);
    expect(first.orders.map((order) => order.id)).toEqual(newestFirst.slice(0, 25));
    const second = await listOrders(harness.app, admin.cookie, 'page=2');
    expect(second.page).toBe(2);
    expect(second.total).toBe(30);
    expect(second.orders.map((order) => order.id)).toEqual(newestFirst.slice(25));
    const beyond = await listOrders(harness.app, admin.cookie, 'page=3');
    expect(beyond.orders).toEqual([]);
    expect(beyond.total).toBe(30);
    // A hand-edited address falls back to the defaults rather than failing.
    const odd = await listOrders(harness.app, admin.cookie, 'page=abc&status=nonsense&priority=7');
    expect(odd.page).toBe(1);
    expect(odd.total).toBe(30);
  });

  it('counts every order the user may see, legacy statuses included, whatever the filters', async () => {
    const statuses = [
      'reviewing_form_data',
      'reviewing_form_data',
      'submitted',
      'assigned',
      'in_progress',
      'irs_submitted',
      'preparing_ss4_form',
      'completed',
      'completed',
      'on_hold',
      'cancelled',
    ];
    for (const status of statuses) await createPaidOrder(harness.database.db, { status, createDate: nextDate() });
    // Five groups that add up to the total: On Hold and Cancelled are counted too.
    const expected = countersOf({ new: 5, in_progress: 2, completed: 2, on_hold: 1, cancelled: 1 });
    expect(expected.total).toBe(11);
    expect((await listOrders(harness.app, admin.cookie)).counters).toEqual(expected);
    const filtered = await listOrders(harness.app, admin.cookie, 'status=completed&priority=standard&search=example');
    expect(filtered.total).toBe(2);
    expect(filtered.counters).toEqual(expected);
    // Each counter's link filters the list to the orders it counts.
    const inProgress = await listOrders(harness.app, admin.cookie, 'status=in-progress');
    expect(inProgress.total).toBe(2);
    expect(inProgress.orders.map((order) => order.status).sort()).toEqual(['preparing_ss4_form', 'submitted_to_irs']);
    expect((await listOrders(harness.app, admin.cookie, 'status=on_hold')).total).toBe(1);
    expect((await listOrders(harness.app, admin.cookie, 'status=cancelled')).total).toBe(1);
  });

  it('searches the company name too, in any case', async () => {
    const acme = await createPaidOrder(harness.database.db, { application: { company: { companyName: 'Acme Rocket Skates LLC' } }, createDate: nextDate() });
    await createPaidOrder(harness.database.db, { application: { company: { companyName: 'Blue River Bakery Inc' } }, createDate: nextDate() });
    const list = await listOrders(harness.app, admin.cookie, 'search=rocket%20SKATES');
    expect(list.orders.map((order) => order.id)).toEqual([acme.id]);
    expect(list.orders[0]!.companyName).toBe('Acme Rocket Skates LLC');
  });

  it('finds a company name typed with its legal ending, and only names that hold it whole', async () => {
    // Tracking numbers of digits alone, so that a random one cannot hold the letters searched for.
    const named = (companyName: string, applicationId: string) =>
      createPaidOrder(harness.database.db, { application: { company: { companyName } }, applicationId, createDate: nextDate() });
    const llc = await named('Acme Rocket Skates LLC', '222222222201');
    const longer = await named('Acme Rocket Skates LLC Holdings', '222222222202');
    await named('Acme Rocket Skates Inc', '222222222203');
    const dotted = await named('Harbor Light Co.', '222222222204');

    const ids = async (search: string) =>
      (await listOrders(harness.app, admin.cookie, `search=${encodeURIComponent(search)}`)).orders.map((order) => order.id).sort((a, b) => a - b);
    expect(await ids('acme rocket skates llc')).toEqual([llc.id, longer.id]);
    expect(await ids('Rocket Skates LLC Hold')).toEqual([longer.id]);
    expect(await ids('acme rocket skates')).toHaveLength(3);
    expect(await ids('harbor light co.')).toEqual([dotted.id]);
    expect(await ids('Skates Corp')).toEqual([]);
    expect(await ids('LLC')).toEqual([llc.id, longer.id]);
  });

  it('finds a name typed with common words anywhere in it, and only names that hold the text whole', async () => {
    const roofing = await createPaidOrder(harness.database.db, { application: { company: { companyName: 'Weelplith Roofing Holdings LLC' } }, createDate: nextDate() });
    const trust = await createPaidOrder(harness.database.db, { application: { company: { companyName: 'The Quorvath Family Trust' } }, createDate: nextDate() });
    await createPaidOrder(harness.database.db, { application: { company: { companyName: 'Weelplith Bakery' } }, createDate: nextDate() });

    const ids = async (search: string) =>
      (await listOrders(harness.app, admin.cookie, `search=${encodeURIComponent(search)}`)).orders.map((order) => order.id).sort((a, b) => a - b);
    expect(await ids('weelplith roofing')).toEqual([roofing.id]);
    expect(await ids('plith Roofing Hold')).toEqual([roofing.id]);
    expect(await ids('Roofing Holdings')).toEqual([roofing.id]);
    expect(await ids('Weelplith Holdings')).toEqual([]);
    expect(await ids('the weelplith')).toEqual([]);
    expect(await ids('the quorvath family trust')).toEqual([trust.id]);
    expect(await ids('Quorvath Trust')).toEqual([]);
  });

  it('pages by key: next and previous give back the same pages, whatever is added meanwhile', async () => {
    const created: number[] = [];
    for (let i = 0; i < 60; i += 1) created.push((await createPaidOrder(harness.database.db, { createDate: nextDate() })).id);
    const newestFirst = [...created].reverse();
    const ids = (list: OrderListResponse) => list.orders.map((order) => order.id);

    const first = await listOrders(harness.app, admin.cookie);
    expect(ids(first)).toEqual(newestFirst.slice(0, 25));
    expect(first.previousCursor).toBeNull();
    // A new order arrives: with offsets the next page would repeat an order; by key it does not.
    await createPaidOrder(harness.database.db, { createDate: nextDate() });
    const second = await listOrders(harness.app, admin.cookie, `page=2&after=${first.nextCursor}`);
    expect(ids(second)).toEqual(newestFirst.slice(25, 50));
    const third = await listOrders(harness.app, admin.cookie, `page=3&after=${second.nextCursor}`);
    expect(ids(third)).toEqual(newestFirst.slice(50));
    expect(third.nextCursor).toBeNull();
    expect(third.total).toBe(61);
    const backToSecond = await listOrders(harness.app, admin.cookie, `page=2&before=${third.previousCursor}`);
    expect(ids(backToSecond)).toEqual(newestFirst.slice(25, 50));
    const backToFirst = await listOrders(harness.app, admin.cookie, `before=${backToSecond.previousCursor}`);
    expect(ids(backToFirst)).toEqual(newestFirst.slice(0, 25));
    // The order added meanwhile is newer than the first page seen: one more step back shows it.
    expect(backToFirst.previousCursor).toBe(newestFirst[0]);
    const newest = await listOrders(harness.app, admin.cookie, `before=${backToFirst.previousCursor}`);
    expect(newest.orders).toHaveLength(1);
    expect(newest.previousCursor).toBeNull();

    // The same by key within a search and a filter.
    const searched = await listOrders(harness.app, admin.cookie, `search=example&after=${first.nextCursor}`);
    expect(ids(searched)).toEqual(newestFirst.slice(25, 50));
    const filtered = await listOrders(harness.app, admin.cookie, `status=reviewing_form_data&after=${first.nextCursor}`);
    expect(ids(filtered)).toEqual(newestFirst.slice(25, 50));
  });

  it('counts a search up to 1,000 and says when there are more', async () => {
    await seedOrders(harness.database, { count: searchCountLimit + 1 });
    const broad = await listOrders(harness.app, admin.cookie, 'search=example');
    expect(broad.total).toBe(searchCountLimit);
    expect(broad.totalIsLowerBound).toBe(true);
    expect(broad.orders).toHaveLength(25);
    const all = await listOrders(harness.app, admin.cookie);
    expect(all.total).toBe(searchCountLimit + 1);
    expect(all.totalIsLowerBound).toBe(false);
  });

  it('shows a fulfiller only the orders assigned to them, in the list, the total and the counters', async () => {
    const own = [
      await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id, status: 'submitted', createDate: nextDate() }),
      await createPaidOrder(harness.database.db, { assignedTo: fulfiller.id, status: 'completed', createDate: nextDate() }),
    ];
    const others = await createPaidOrder(harness.database.db, { assignedTo: otherFulfiller.id, createDate: nextDate() });
    await createPaidOrder(harness.database.db, { assignedTo: null, createDate: nextDate() });

    const list = await listOrders(harness.app, fulfiller.cookie);
    expect(list.orders.map((order) => order.id)).toEqual([own[1]!.id, own[0]!.id]);
    expect(list.total).toBe(2);
    expect(list.counters).toEqual(countersOf({ new: 1, in_progress: 0, completed: 1, on_hold: 0, cancelled: 0 }));
    expect((await listOrders(harness.app, fulfiller.cookie, `search=${others.applicationId}`)).orders).toEqual([]);
    expect((await listOrders(harness.app, fulfiller.cookie, 'status=reviewing_form_data')).orders.map((order) => order.id)).toEqual([own[0]!.id]);
    // The admin sees all four.
    expect((await listOrders(harness.app, admin.cookie)).total).toBe(4);
  });

  it('lists everyone with a staff role by name for the Assign To select, suspended ones flagged', async () => {
    const suspended = await createStaffMember(harness.services, { role: 'fulfiller', name: 'Bea Suspended', suspended: true });
    const noRole = await createStaffMember(harness.services, { role: 'none', name: 'Nora Norole' });
    const response = await staffInject(harness.app, fulfiller.cookie, 'GET', '/api/manage/staff');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { staff } = response.json<StaffListResponse>();
    // A fulfiller gets names only: no colleague's e-mail.
    expect(staff).toEqual([
      { id: admin.id, name: 'Ada Admin', role: 'admin', suspended: false },
      { id: suspended.id, name: 'Bea Suspended', role: 'fulfiller', suspended: true },
      { id: fulfiller.id, name: 'Frank Fulfiller', role: 'fulfiller', suspended: false },
      { id: otherFulfiller.id, name: 'Olga Other', role: 'fulfiller', suspended: false },
    ]);
    expect(response.body).not.toContain('@');
    expect(staff.map((member) => member.id)).not.toContain(noRole.id);
    // An admin, who manages the accounts, gets the e-mails as well.
    const asAdmin = (await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/staff')).json<StaffListResponse>().staff;
    expect(asAdmin.map((member) => member.email)).toEqual([admin.email, suspended.email, fulfiller.email, otherFulfiller.email]);
    expect((await staffInject(harness.app, null, 'GET', '/api/manage/staff')).statusCode).toBe(401);
  });
});
