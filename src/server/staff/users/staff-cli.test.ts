// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, account, auditLog, session, user, type Database } from '#server/db/index.ts';
import { verifyPassword } from '../auth/password';
import { staffMessages } from '#shared/staff/staff-messages.ts';

// `npm run staff -- create-admin`, run as a user runs it: its own process, on an embedded database
// in a data folder of its own, which the test then opens to see what the command did.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const tsx = path.join(root, 'node_modules/.bin/tsx');
const script = path.join(root, 'scripts/staff.ts');

type Run = { status: number; stdout: string; stderr: string };

function runStaff(dataDir: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      [script, ...args],
      // A folder without a .env, and no DATABASE_URL: the command must use DATA_DIR's embedded database.
      { cwd: dataDir, env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: path.join(dataDir, 'data') }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ status, stdout, stderr });
      },
    );
  });
}

async function withDatabase<T>(dataDir: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'data') });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

async function credentialOf(database: Database, userId: string): Promise<string> {
  const [row] = await database.db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return row?.password ?? '';
}

describe('npm run staff -- create-admin', { timeout: 300_000 }, () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ein-staff-cli-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its usage with --help, and refuses a command line it cannot run', async () => {
    const help = await runStaff(dataDir, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('create-admin --email');

    const missingEmail = await runStaff(dataDir, ['create-admin']);
    expect(missingEmail.status).toBe(2);
    expect(missingEmail.stderr).toContain('--email is required');

    const shortPassword = await runStaff(dataDir, ['create-admin', '--email', 'boss@example.com', '--password', 'abc']);
    expect(shortPassword.status).toBe(2);
    expect(shortPassword.stderr).toContain(staffMessages.passwordTooShort);

    const unknown = await runStaff(dataDir, ['make-admin', '--email', 'boss@example.com']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown command');
  });

  it('creates an admin with a generated password shown once, then resets it on a second run', async () => {
    const created = await runStaff(dataDir, ['create-admin', '--email', 'Boss@Example.com', '--name', 'Bea Boss']);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Admin boss@example.com created.');
    const generated = /Password \(shown only this once\): (\S+)/.exec(created.stdout)?.[1] ?? '';
    expect(generated).toMatch(/^[A-Za-z0-9]{20}$/);

    const adminId = await withDatabase(dataDir, async (database) => {
      const [row] = await database.db.select().from(user).where(eq(user.email, 'boss@example.com'));
      expect(row).toMatchObject({ name: 'Bea Boss', role: 'admin', banned: false });
      expect(await verifyPassword({ hash: await credentialOf(database, row!.id), password: generated })).toBe(true);
      // A session and a suspension, both of which the reset must undo.
      await database.db.insert(session).values({ id: 'old-session', token: 'old-token', userId: row!.id, expiresAt: new Date(Date.now() + 60_000) });
      await database.db.update(user).set({ banned: true, role: 'fulfiller' }).where(eq(user.id, row!.id));
      return row!.id;
    });

    const reset = await runStaff(dataDir, ['create-admin', '--email', 'boss@example.com', '--password', 'chosen-password']);
    expect(reset.status).toBe(0);
    expect(reset.stdout).toContain('Admin boss@example.com reset');
    expect(reset.stdout).not.toContain('chosen-password');

    await withDatabase(dataDir, async (database) => {
      const rows = await database.db.select().from(user);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: adminId, name: 'Bea Boss', role: 'admin', banned: false });
      const hash = await credentialOf(database, adminId);
      expect(await verifyPassword({ hash, password: 'chosen-password' })).toBe(true);
      expect(await verifyPassword({ hash, password: generated })).toBe(false);
      expect(await database.db.select().from(session).where(eq(session.userId, adminId))).toEqual([]);
      const actions = (await database.db.select().from(auditLog).where(eq(auditLog.target, `user:${adminId}`)).orderBy(auditLog.id)).map((row) => row.action);
      expect(actions).toEqual(['user_created', 'user_password_reset']);
    });
  });

  it('refuses to open the embedded database while another process has it open', async () => {
    const result = await withDatabase(dataDir, () => runStaff(dataDir, ['create-admin', '--email', 'second@example.com', '--password', 'another admin passphrase']));
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is in use: the app is running on it');
    await withDatabase(dataDir, async (database) => {
      expect(await database.db.select().from(user).where(eq(user.email, 'second@example.com'))).toEqual([]);
    });
  });
});
