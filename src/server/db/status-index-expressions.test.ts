// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { statusAsReadSql, storedValuesOf } from './stored-statuses';
import { counterGroups, orderStatuses, statusesOfCounter, type CounterGroup } from '#shared/orders/lifecycle.ts';

const migration = (name: string) => readFileSync(path.resolve(import.meta.dirname, 'migrations', name), 'utf8');

describe('the status expressions the list indexes', () => {
  // PostgreSQL uses an expression index only for a query with the same expression.
  it('are the text migration 0010 indexes', () => {
    expect(migration('0010_order_counters.sql')).toContain(`USING btree (${statusAsReadSql},"create_date"`);
    expect(migration('0010_order_counters.sql')).toContain(`USING btree ("assigned_to",${statusAsReadSql},"create_date"`);
  });

  it('hold no list of statuses: the counter groups are read status by status', () => {
    expect(migration('0017_order_lifecycle.sql')).toContain('DROP INDEX "orders_counter_group_create_date_idx"');
    expect(migration('0017_order_lifecycle.sql')).toContain('DROP INDEX "orders_assignee_counter_group_create_date_idx"');
    for (const status of orderStatuses) expect(statusAsReadSql).not.toContain(`'${status}' THEN`);
  });

  it('put every status in exactly one counter group', () => {
    const grouped = (Object.keys(counterGroups) as CounterGroup[]).flatMap(statusesOfCounter).sort();
    expect(grouped).toEqual([...orderStatuses].sort());
    expect(statusesOfCounter('in_progress').flatMap(storedValuesOf)).toContain('irs_submitted');
  });
});
