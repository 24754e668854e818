// Paid orders in bulk, for the seed script (`npm run seed:orders`) and the bench: the rows are made by
// the database itself (`INSERT … SELECT … FROM generate_series`), twenty thousand per statement, all in
// one transaction, through the one insert every order goes through (`insertOrdersSql`). When the seed
// at least doubles the orders, the indexes that only serve reading (not the unique ones) and the
// foreign keys of the tables it fills are dropped inside that transaction and made again at its end,
// from their own definitions: building an index from a million sorted rows is many times cheaper than
// a million index insertions, and a foreign key is checked once by a join instead of once a row.
// Nobody sees the tables without them (the transaction holds their locks until it commits), and if the
// seed fails or is killed, the rollback puts everything back as it was (docs/decisions/025).
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { checkouts, orders, orderStatusHistory, user, type Database, type Db } from '#server/db/index.ts';
import { insertOrdersSql } from '#server/orders/index.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { EntityType } from '#shared/application/company.ts';
import { initialOrderStatus, orderStatuses, type OrderPriority } from '#shared/orders/lifecycle.ts';
import { trackingNumberAlphabet, trackingNumberLength } from '#shared/tracking/tracking.ts';

export type SeedOrdersOptions = {
  count: number;
  /** Staff user ids that orders are assigned to; most orders get one of them, drawn at random. */
  assigneeIds?: readonly string[];
  /** Rows per statement: bounded so the embedded database's memory is not exhausted. */
  batchSize?: number;
  /**
   * Whether to drop the read-only indexes and the foreign keys during the load and make them again
   * at its end. By default, when the seed at least doubles the orders.
   */
  deferIndexes?: boolean;
};

export type SeedOrdersResult = {
  inserted: number;
  milliseconds: number;
  /** Of which: making the deferred indexes and foreign keys again (0 when none were deferred). */
  rebuildMilliseconds: number;
  /** How many indexes and foreign keys were deferred. */
  deferred: number;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Each entity type's company name, from a made-up business name or a person's name.
const entityNames: { entityType: EntityType; name: string }[] = [
  { entityType: 'LLC', name: '{business} LLC' },
  { entityType: 'LLC', name: '{business} Holdings LLC' },
  { entityType: 'Corporation', name: '{business} Inc' },
  { entityType: 'Partnership', name: '{business} Partners' },
  { entityType: 'Sole Proprietor', name: '{person}' },
  { entityType: 'Trust', name: '{person} Family Trust' },
  { entityType: 'Estate', name: 'Estate of {person}' },
  { entityType: 'Others', name: '{business} Association' },
];

// Names are made of parts drawn independently, so that a whole name is rare, as a real one is: a
// business from a made-up word of two or three syllables (each an onset, a vowel and an ending:
// 4,840 syllables) and one of 24 trades, a person from 64 first names, a middle initial and 64 last
// names (about 106,000 people). A search for a seeded name finds 1 to 7 orders at a million; made
// from a few dozen words, a name matched hundreds (decision 028).
const syllableOnsets = [
  'b', 'br', 'bl', 'c', 'cr', 'ch', 'd', 'dr', 'f', 'fl', 'fr', 'g', 'gr', 'gl', 'h', 'j', 'k', 'kr', 'l', 'm',
  'n', 'p', 'pr', 'pl', 'qu', 'r', 's', 'st', 'sh', 'sk', 'sl', 't', 'tr', 'th', 'v', 'w', 'wh', 'y', 'z', 'x',
];
const syllableVowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ee', 'oo', 'ou', 'y'];
const syllableEndings = ['', 'n', 'r', 'l', 's', 'x', 'th', 'ck', 'm', 'nd', 'rt'];
const businessTrades = [
  'Woodworks', 'Bakery', 'Logistics', 'Consulting', 'Landscaping', 'Dental', 'Coffee Roasters', 'Auto Repair',
  'Software', 'Realty', 'Fitness', 'Catering', 'Plumbing', 'Design Studio', 'Farms', 'Cleaning',
  'Electric', 'Roofing', 'Pet Care', 'Tutoring', 'Apparel', 'Media', 'Brewing', 'Trucking',
];
const firstNames = [
  'Jane', 'John', 'Maria', 'James', 'Aisha', 'Wei', 'Carlos', 'Emily', 'Olu', 'Priya', 'Liam', 'Sofia', 'Noah', 'Mei', 'Diego', 'Hannah',
  'Ahmed', 'Grace', 'Ivan', 'Chloe', 'Kwame', 'Yuki', 'Mateo', 'Zara', 'Elijah', 'Nora', 'Raj', 'Leah', 'Omar', 'Ava', 'Tomas', 'Ines',
  'Samuel', 'Fatima', 'Lucas', 'Mia', 'Daniel', 'Amara', 'Henry', 'Lena', 'Kenji', 'Rosa', 'Ethan', 'Layla', 'Felix', 'Sara', 'Marcus', 'Elena',
  'Andre', 'Nadia', 'Victor', 'Julia', 'Hugo', 'Ruth', 'Arjun', 'Clara', 'Mohammed', 'Isla', 'Pablo', 'Anya', 'Caleb', 'Eva', 'Tariq', 'Lucia',
];
const lastNames = [
  'Doe-Smith', 'Public', 'Garcia', 'Johnson', 'Nguyen', 'Patel', 'Okafor', 'Kim', 'Rossi', 'Müller', 'Brown', 'Lopez', "O'Brien", 'Chen', 'Walker', 'Silva',
  'Anderson', 'Martinez', 'Thompson', 'Hernandez', 'Moore', 'Jackson', 'Lee', 'Perez', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Young',
  'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter',
  'Roberts', 'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes', 'Stewart', 'Morris', 'Murphy', 'Cook', 'Rogers',
];
// Reserved for documentation, so a seeded order can never e-mail a real person.
const emailDomains = ['example.com', 'example.org', 'example.net'];

/** `value` repeated by its weight: drawing an index at random then follows the weights. */
function weighted<T>(weights: [T, number][]): T[] {
  return weights.flatMap(([value, weight]) => Array<T>(weight).fill(value));
}

// Roughly what a few months of trading leave behind: most orders done, a tail still in process, and
// some rows from the old system whose statuses are mapped on load.
const statusPool = weighted<string>([
  ['reviewing_form_data', 12],
  ['checking_company_registration', 6],
  ['preparing_ss4_form', 6],
  ['awaiting_user_signature', 5],
  ['ss4_signed_awaiting_irs', 4],
  ['submitted_to_irs', 6],
  ['completed', 48],
  ['on_hold', 4],
  ['cancelled', 5],
  ['submitted', 1],
  ['assigned', 1],
  ['in_progress', 1],
  ['irs_submitted', 1],
]);
const priorityPool = weighted<OrderPriority>([
  ['standard', 14],
  ['express', 4],
  ['rush', 2],
]);
const paymentMethodPool = weighted<string>([
  ['card', 14],
  ['link', 2],
  ['cashapp', 1],
  ['us_bank_account', 1],
  ['amazon_pay', 1],
  ['klarna', 1],
]);

/** The sample application of each entity type, with the SSN as a placeholder ciphertext, as the factory stores it. */
function applicationTemplates(): object[] {
  return entityNames.map(({ entityType }) => {
    const application = sampleApplication({ company: { entityType } });
    return { ...application, contact: { ...application.contact, rpSSN: 'v1.test' } };
  });
}

/** A JSON array as one parameter (`->>`/`->` index it from 0), rather than a list of parameters. */
const jsonParameter = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/** One statement: `count` checkouts, their orders and the status history of the orders past the first status. */
async function insertBatch(tx: Tx, count: number, assigneeIds: readonly string[]): Promise<number> {
  const pick = (pool: readonly unknown[]) => sql`(${jsonParameter(pool)} ->> floor(random() * ${pool.length})::int)`;
  const syllable = () => sql`${pick(syllableOnsets)} || ${pick(syllableVowels)} || ${pick(syllableEndings)}`;
  const nineStatuses = jsonParameter(orderStatuses);
  // The checkout's id and draft id and the payment intent grow with the row (the batch's time in
  // milliseconds, then the row's number, then random digits), as time-ordered ids do: each is
  // written at the right edge of its unique index instead of on a random page of it.
  const batchTime = Date.now();
  const orderedKey = sql`lpad(to_hex(${batchTime}::bigint), 12, '0') || lpad(to_hex(g), 8, '0') || substr(md5(random()::text), 1, 12)`;
  // Each step a subquery fenced by `offset 0` rather than a `with` query: a `with` query holding random()
  // is stored whole before the next step reads it, a subquery passes its rows on one by one (each row
  // of these carries its application, 1.3 KB). With the conflict named below, the inserts take about a
  // fifth less.
  const source = sql`
    select
      ${trackingNumberSql()} as tracking_number,
      (${orderedKey})::uuid as checkout_id,
      (${orderedKey})::uuid as draft_id,
      'pi_seed_' || ${orderedKey} as payment_intent_id,
      floor(random() * ${entityNames.length})::int as kind,
      date_trunc('second', now() - random() * interval '180 days') as created,
      ${pick(firstNames)} as first_name,
      chr(65 + floor(random() * 26)::int) as middle_initial,
      ${pick(lastNames)} as last_name,
      initcap(${syllable()} || ${syllable()} || case when random() < 0.5 then ${syllable()} else '' end) || ' ' || ${pick(businessTrades)} as business,
      ${pick(emailDomains)} as domain,
      floor(random() * 100000)::int as mailbox_number
    from generate_series(1, ${count}) as g`;
  const named = sql`
    select
      source.*,
      replace(replace(${jsonParameter(entityNames.map((entry) => entry.name))} ->> kind, '{business}', business), '{person}', first_name || ' ' || middle_initial || ' ' || last_name) as company_name,
      lower(regexp_replace(first_name || '.' || last_name, '[^A-Za-z.-]', '', 'g')) || mailbox_number || '@' || domain as email,
      ${jsonParameter(applicationTemplates())} -> kind as application
    from (${source} offset 0) as source`;
  const decided = sql`
    select
      new_checkouts.*,
      ${pick(statusPool)} as status,
      ${pick(priorityPool)} as priority,
      ${pick(paymentMethodPool)} as payment_method,
      random() as assign_draw,
      ${jsonParameter(assigneeIds)} ->> floor(random() * ${Math.max(assigneeIds.length, 1)})::int as assignee,
      created_at + random() * interval '6 hours' as assigned_at,
      least(now(), created_at + interval '4 hours' + random() * interval '3 days') as completed_at,
      -- One business day after payment, counted in UTC as the checkout does (Friday and the weekend run to the next Tuesday or Monday).
      created_at + case extract(isodow from created_at at time zone 'UTC') when 5 then 3 when 6 then 3 when 7 then 2 else 1 end * interval '1 day' as due_date
    from new_checkouts`;
  const result = await tx.execute(sql`
    with new_checkouts as (
      insert into ${checkouts} (id, draft_id, tracking_number, form_data, email, amount_cents, currency, payment_provider, payment_intent_id, status, created_at, updated_at)
      select
        checkout_id,
        draft_id,
        tracking_number,
        application
          || jsonb_build_object('company', (application -> 'company') || jsonb_build_object('companyName', company_name))
          || jsonb_build_object('contact', (application -> 'contact') || jsonb_build_object('contactFirstName', first_name, 'contactLastName', last_name, 'emailAddress', email)
            -- A sole proprietor is its own responsible party: the same person as line 1.
            || case when ${jsonParameter(entityNames.map((entry) => entry.entityType))} ->> kind = 'Sole Proprietor'
              then jsonb_build_object('rpFirstName', first_name, 'rpMiddleName', middle_initial, 'rpLastName', last_name) else '{}'::jsonb end),
        email, 14900, 'usd', 'test', payment_intent_id, 'paid', created, created
      from (${named} offset 0) as named
      -- A tracking number drawn twice (about one in 10^13 per pair) is skipped and made up for by the caller.
      -- Named as the only conflict: the ids and the payment intent grow with the row and cannot meet one
      -- already there, and without a name each of the four unique keys costs every row a lookup first.
      on conflict (tracking_number) do nothing
      returning id, tracking_number, form_data, email, locale, amount_cents, payment_intent_id, created_at
    ),
    new_orders as (${insertOrdersSql(
      sql`
        select
          id as checkout_id, tracking_number, email, locale, amount_cents, 'usd' as currency, payment_intent_id, form_data,
          payment_method, priority, status, chosen.assignee as assigned_to,
          case when chosen.assignee is not null then assigned_at end as assigned_at,
          case when status = 'completed' then completed_at end as completed_at,
          due_date,
          case when status = 'completed' then lpad(floor(random() * 100)::int::text, 2, '0') || '-' || lpad(floor(random() * 10000000)::int::text, 7, '0') end as ein,
          case when status = 'completed' then completed_at end as ein_emailed_at,
          case when status = 'on_hold' then 'Waiting for the customer to confirm the responsible party.' else '' end as notes,
          created_at as confirmation_email_sent_at,
          created_at as create_date,
          greatest(created_at, case when chosen.assignee is not null then assigned_at end, case when status = 'completed' then completed_at end) as updated_at
        from (${decided} offset 0) as decided,
          -- New submissions are mostly still unassigned; orders further along mostly have someone.
          lateral (select case when assign_draw < (case when status in (${initialOrderStatus}, 'submitted') then 0.4 else 0.9 end) then assignee end as assignee) as chosen`,
      sql`id, status, assigned_to, updated_at`,
    )}),
    new_history as (
      insert into ${orderStatusHistory} (order_id, from_status, to_status, changed_by, changed_at)
      select id, ${initialOrderStatus}, status, assigned_to, updated_at
      from new_orders
      where status <> ${initialOrderStatus} and status in (select jsonb_array_elements_text(${nineStatuses}))
    )
    select count(*)::int as inserted from new_orders`);
  const row = result.rows[0] as { inserted: number | string } | undefined;
  return Number(row?.inserted ?? 0);
}

/**
 * The tracking number: twelve characters of the alphabet, five bits each, from two random 30-bit
 * numbers (one draw per six characters, instead of one per character).
 */
function trackingNumberSql(): SQL {
  const half = trackingNumberLength / 2;
  const characters = (draw: string) =>
    Array.from({ length: half }, (_, index) => `substr('${trackingNumberAlphabet}', 1 + ((${draw} >> ${5 * index}) & 31), 1)`).join(' || ');
  if (trackingNumberAlphabet.length !== 32 || !/^[A-Z0-9]+$/.test(trackingNumberAlphabet)) throw new Error('The tracking number alphabet must be 32 letters and digits');
  return sql.raw(`(select ${characters('a')} || ${characters('b')} from (select floor(random() * 1073741824)::int as a, floor(random() * 1073741824)::int as b where g > 0) as draws)`);
}

type Deferred = { table: string; name: string; kind: 'index' | 'foreign key'; definition: string };

/** The tables the seed fills, parents first. */
const seededTables = ['checkouts', 'orders', 'order_status_history'] as const;

/**
 * Drops the indexes of the seeded tables that only serve reading (not those behind a primary key or
 * a unique constraint: they keep every key unique and settle `on conflict`) and the foreign keys from
 * them, and answers how to make each again. Runs inside the seed's transaction, which keeps the
 * tables locked until it ends.
 */
async function dropForLoad(tx: Tx): Promise<Deferred[]> {
  const tables = sql.join(seededTables.map((table) => sql`${table}::regclass`), sql`, `);
  const result = await tx.execute(sql`
    select table_name, name, kind, definition from (
      select i.indrelid::regclass::text as table_name, c.relname::text as name, 'index' as kind, pg_get_indexdef(i.indexrelid) as definition, 1 as step
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid in (${tables}) and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      union all
      select k.conrelid::regclass::text, k.conname::text, 'foreign key', pg_get_constraintdef(k.oid), 2
      from pg_constraint k
      where k.contype = 'f' and k.conrelid in (${tables})
    ) as deferred
    order by step, table_name, name`);
  const deferred = (result.rows as { table_name: string; name: string; kind: Deferred['kind']; definition: string }[]).map((row) => ({
    table: row.table_name,
    name: row.name,
    kind: row.kind,
    definition: row.definition,
  }));
  for (const { table, name, kind } of deferred) {
    await tx.execute(kind === 'index' ? sql`drop index ${sql.identifier(name)}` : sql`alter table ${sql.raw(table)} drop constraint ${sql.identifier(name)}`);
  }
  return deferred;
}

/** Makes again what `dropForLoad` dropped: the indexes from sorted rows, then the foreign keys, each checked by one join. */
async function restoreAfterLoad(tx: Tx, deferred: Deferred[]): Promise<void> {
  for (const { table, name, kind, definition } of deferred) {
    await tx.execute(kind === 'index' ? sql.raw(definition) : sql`alter table ${sql.raw(table)} add constraint ${sql.identifier(name)} ${sql.raw(definition)}`);
  }
}

/** Orders already there, from the maintained counters (a count of the table would read all of it). */
async function existingOrders(tx: Tx): Promise<number> {
  const result = await tx.execute(sql`select coalesce(sum(orders), 0)::bigint as total from order_counters`);
  return Number((result.rows[0] as { total: string | number } | undefined)?.total ?? 0);
}

/** Inserts `count` paid orders with their checkouts, in one transaction; assigns most to the given staff, when any are given. */
export async function seedOrders(database: Database, { count, assigneeIds = [], batchSize = 20_000, deferIndexes }: SeedOrdersOptions): Promise<SeedOrdersResult> {
  const started = performance.now();
  let inserted = 0;
  let rebuildMilliseconds = 0;
  let deferredCount = 0;
  await database.db.transaction(async (tx) => {
    // A batch's rows pass through a few materialized steps (and the counters' transition table):
    // enough memory keeps them off temporary files. Index builds sort in memory too.
    await tx.execute(sql`set local work_mem = '128MB'`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    const defer = deferIndexes ?? count >= (await existingOrders(tx));
    const deferred = defer ? await dropForLoad(tx) : [];
    deferredCount = deferred.length;
    while (inserted < count) {
      inserted += await insertBatch(tx, Math.min(batchSize, count - inserted), assigneeIds);
    }
    const rebuildStarted = performance.now();
    await restoreAfterLoad(tx, deferred);
    rebuildMilliseconds = defer ? performance.now() - rebuildStarted : 0;
  });
  return { inserted, milliseconds: performance.now() - started, rebuildMilliseconds, deferred: deferredCount };
}

/**
 * `VACUUM ANALYZE` of the seeded tables: fresh statistics for the planner, and the visibility map set
 * so counts can be answered from indexes alone. Autovacuum would get there within minutes; doing it
 * now makes the first measurements those of a settled table, and keeps autovacuum from starting
 * in the middle of them.
 */
export async function settleTables(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum (analyze) ${checkouts}, ${orders}, ${orderStatusHistory}`);
}

/** Ids of the staff who can take orders (a role and not suspended), or of the one with `email`. */
export async function findAssignees(database: Database, email?: string): Promise<string[]> {
  const result = await database.db.execute(
    email
      ? sql`select id from ${user} where lower(email) = ${email.toLowerCase()} and role is not null`
      : sql`select id from ${user} where role in ('admin', 'fulfiller') and not banned order by created_at`,
  );
  return (result.rows as { id: string }[]).map((row) => row.id);
}
