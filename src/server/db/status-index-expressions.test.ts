// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { counterGroups, counterGroupSql, statusAsReadSql, storedValuesOf } from './stored-statuses';
import { orderStatuses } from '../../shared/orders/statuses';

const migration = readFileSync(path.resolve(import.meta.dirname, './migrations/0010_order_counters.sql'), 'utf8');

describe('the status expressions the list indexes', () => {
  // PostgreSQL uses an expression index only for a query with the same expression.
  it('are the text migration 0010 indexes', () => {
    expect(migration).toContain(`USING btree (${statusAsReadSql},"create_date"`);
    expect(migration).toContain(`USING btree (${counterGroupSql},"create_date"`);
    expect(migration).toContain(`USING btree ("assigned_to",${statusAsReadSql},"create_date"`);
    expect(migration).toContain(`USING btree ("assigned_to",${counterGroupSql},"create_date"`);
  });

  it('put every status in exactly one counter group', () => {
    const grouped = Object.values(counterGroups).flat().sort();
    expect(grouped).toEqual([...orderStatuses].sort());
    expect(counterGroups.in_progress.flatMap(storedValuesOf)).toContain('irs_submitted');
  });
});
