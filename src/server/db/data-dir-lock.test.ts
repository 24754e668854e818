// @vitest-environment node
import { afterAll, describe, expect, it } from 'vitest';
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { acquireDataDirLock, DataDirInUseError, lockFileName } from './data-dir-lock';
import { openDatabase } from './database';

// One process per embedded-database folder (finding 4): real server processes on one DATA_DIR, the
// second refused with a one-line message naming the holder; a lock left by a killed process reclaimed.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = path.join(root, 'node_modules/.bin/tsx');
const started: ChildProcess[] = [];

function serverEnv(dataDir: string, key: string) {
  return { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key, ADMIN_EMAIL: 'lock.admin@example.com', ADMIN_PASSWORD: 'lock-admin-pw' };
}

/** Starts a server; resolves when it listens (with its output) or when it exits (with its status). */
function startServer(dataDir: string, key: string): Promise<{ process: ChildProcess; listening: boolean; status: number | null; output: string }> {
  // Node itself with tsx's loader, so the process killed is the server and not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: serverEnv(dataDir, key), stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let output = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server listening at')) resolve({ process: child, listening: true, status: null, output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (status) => resolve({ process: child, listening: false, status, output }));
  });
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterAll(async () => {
  await Promise.all(started.map(kill9));
});

describe('the lock on the embedded database folder', () => {
  it('refuses a second server on the same folder with one line naming the first, and a killed server leaves a lock that is reclaimed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-lock-'));
    const key = randomBytes(32).toString('base64');
    const first = await startServer(dataDir, key);
    expect(first.listening, first.output).toBe(true);
    const lock = JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')) as { pid: number; command: string };
    expect(lock.pid).toBe(first.process.pid);

    const second = await startServer(dataDir, key);
    expect(second.listening).toBe(false);
    expect(second.status).toBe(1);
    const message = second.output.trim();
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(`The embedded database in ${dataDir} is in use`);
    expect(message).toContain(`process ${first.process.pid}: `);
    expect(message).toContain('main.ts');
    expect(message).toContain('Stop that process');

    // SIGKILL: no chance to remove the lock, which names a process that no longer exists.
    await kill9(first.process);
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(true);
    const third = await startServer(dataDir, key);
    expect(third.listening, third.output).toBe(true);
    const reclaimed = JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')) as { pid: number };
    expect(reclaimed.pid).toBe(third.process.pid);

    // A clean stop releases the folder.
    const exited = new Promise((resolve) => third.process.once('exit', resolve));
    third.process.kill('SIGTERM');
    await exited;
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
  }, 180_000);

  it('refuses the order seeding script while the folder is open', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-lock-seed-'));
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const result = await new Promise<{ code: number; stderr: string }>((resolve) => {
        execFile(tsx, ['scripts/seed-orders.ts', '--count', '5'], { cwd: root, env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATA_DIR: dataDir }, timeout: 120_000 }, (error, _stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use: the app is running on it (process ${process.pid}`);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a second holder in the same process, and frees the folder on release', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-lock-unit-'));
    const lock = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(DataDirInUseError);
    lock.release();
    acquireDataDirLock(dataDir).release();
  });

  it('reclaims a lock whose process is gone', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ein-lock-stale-'));
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(path.join(dataDir, lockFileName), JSON.stringify({ pid: gone, command: 'node', since: '2026-01-01T00:00:00.000Z' }));
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });
});
