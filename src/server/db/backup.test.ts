// @vitest-environment node
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { loadEnv } from '../env';
import { createFieldCipher, encryptionKeyFileName, loadDataKey } from '../encryption';
import { createPaidOrder } from '#tests/factories/orders.ts';
import { applicationWithSsn } from '#tests/support/orders-api.ts';

// The README's backup commands, run as written (`npm run backup -- …`) in a process of their own, and
// the restored copy opened as the server opens it.

const run = promisify(execFile);
const ssn = '545678901';

/** `npm run backup -- <args>` with only the given database settings. */
async function backupCommand(args: string[], settings: Record<string, string>) {
  const { DATABASE_URL: _url, DATA_DIR: _dir, DATA_ENCRYPTION_KEY: _key, ...rest } = process.env;
  return run('npm', ['run', '--silent', 'backup', '--', ...args], { cwd: process.cwd(), env: { ...rest, NODE_ENV: 'test', ...settings }, timeout: 120_000 });
}

describe('backups', () => {
  it('restores the embedded database from the documented command, and the key file reads its SSNs', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-backup-source-'));
    const key = await loadDataKey(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }));
    const cipher = createFieldCipher(key);
    const source = await openDatabase({ kind: 'pglite', dataDir });
    const order = await createPaidOrder(source.db, { formData: applicationWithSsn(cipher, ssn), billingEmail: 'backup@example.com' });
    await source.close();

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'ein-backups-')), 'ein.tar.gz');
    const created = await backupCommand(['create', '--out', file], { DATA_DIR: dataDir });
    expect(created.stdout).toContain('backed up to');
    expect(created.stdout).toContain('encryption.key');
    expect(statSync(file).size).toBeGreaterThan(100_000);

    // The server holds the folder: the backup refuses rather than copy a database being written.
    const running = await openDatabase({ kind: 'pglite', dataDir });
    await expect(backupCommand(['create', '--out', `${file}.busy`], { DATA_DIR: dataDir })).rejects.toThrow();
    expect(existsSync(`${file}.busy`)).toBe(false);
    await running.close();

    const restoredDir = mkdtempSync(path.join(tmpdir(), 'ein-backup-restored-'));
    await backupCommand(['restore', '--from', file], { DATA_DIR: restoredDir });
    // A restore never overwrites a database.
    await expect(backupCommand(['restore', '--from', file], { DATA_DIR: restoredDir })).rejects.toThrow(/already holds a database/);

    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const { rows } = await restored.db.execute<{ application_id: string; billing_email: string; sealed: string }>(sql`
        select application_id, billing_email, form_data->'contact'->>'rpSSN' as sealed from orders where id = ${order.id}`);
      expect(rows[0]).toMatchObject({ application_id: order.applicationId, billing_email: 'backup@example.com' });
      // Without the key the SSN is unreadable; with the original key file it reads again.
      expect(() => createFieldCipher(randomBytes(32)).decrypt(rows[0]!.sealed)).toThrow();
      copyFileSync(path.join(dataDir, encryptionKeyFileName), path.join(restoredDir, encryptionKeyFileName));
      const restoredKey = await loadDataKey(loadEnv({ NODE_ENV: 'test', DATA_DIR: restoredDir }));
      expect(createFieldCipher(restoredKey).decrypt(rows[0]!.sealed)).toBe(ssn);
    } finally {
      await restored.close();
    }
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)('restores PostgreSQL with pg_dump and pg_restore', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const suffix = randomBytes(4).toString('hex');
    const urlOf = (name: string) => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const names = [`ein_backup_source_${suffix}`, `ein_backup_restored_${suffix}`];
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`CREATE DATABASE "${name}"`);
      const cipher = createFieldCipher(randomBytes(32));
      const source = await openDatabase({ kind: 'postgres', url: urlOf(names[0]!) });
      const order = await createPaidOrder(source.db, { formData: applicationWithSsn(cipher, ssn) });
      await source.close();

      const file = path.join(mkdtempSync(path.join(tmpdir(), 'ein-backups-')), 'ein.dump');
      await backupCommand(['create', '--out', file], { DATABASE_URL: urlOf(names[0]!) });
      await backupCommand(['restore', '--from', file], { DATABASE_URL: urlOf(names[1]!) });

      const restored = await openDatabase({ kind: 'postgres', url: urlOf(names[1]!) });
      try {
        const { rows } = await restored.db.execute<{ sealed: string; count: number }>(sql`
          select form_data->'contact'->>'rpSSN' as sealed, (select count(*)::int from orders) as count from orders where id = ${order.id}`);
        expect(rows[0]?.count).toBe(1);
        expect(cipher.decrypt(rows[0]!.sealed)).toBe(ssn);
      } finally {
        await restored.close();
      }
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000);
});
