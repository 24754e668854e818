// @vitest-environment node
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { crashDataDir, crashDatabase, crashServerCommand, freePort } from '#tests/support/crash-processes.ts';

// `/api/ready` on a real server process, polled from the moment it is spawned: nothing listening,
// then 503 `starting` while the background jobs start (held a second and a half there), then 200; and
// from SIGTERM on, 503 `stopping` for the drain (two seconds) while it still answers, then gone.

type Seen = 'down' | 'starting' | 'ready' | 'stopping' | `other ${number}`;

async function readiness(base: string): Promise<Seen> {
  try {
    const response = await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(2_000) });
    const body = (await response.json()) as { ready: boolean; reason?: 'starting' | 'stopping' };
    if (response.status === 200 && body.ready) return 'ready';
    if (response.status === 503 && body.reason) return body.reason;
    return `other ${response.status}`;
  } catch {
    return 'down';
  }
}

/** Each state in the order first seen, repeats dropped. */
const changes = (seen: Seen[]) => seen.filter((state, index) => state !== seen[index - 1]);

describe.each(testDatabaseKinds)('GET /api/ready of a server process on %s', (kind) => {
  it('is 503 until start-up has finished, 200 then, and 503 again from SIGTERM while it drains', { timeout: 150_000 }, async () => {
    const database = await crashDatabase(kind);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(...crashServerCommand(), {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: crashDataDir('ein-ready-', kind),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'admin-password',
        TEST_DELAY_AT: 'jobs-starting:1500',
        SHUTDOWN_DRAIN_SECONDS: '2',
        ...database.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // A cold start (TypeScript, migrations) on a busy machine takes a while: bounded generously.
      const starting: Seen[] = [];
      for (const deadline = Date.now() + 120_000; starting.at(-1) !== 'ready'; ) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not become ready:\n${output}`);
        starting.push(await readiness(base));
        await sleep(20);
      }
      expect(changes(starting)).toEqual(['down', 'starting', 'ready']);
      // Still alive meanwhile: liveness is another question.
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      const signalled = Date.now();
      child.kill('SIGTERM');
      // From the moment the process has taken the signal (it logs it right after marking itself not
      // ready): a request sent before its handler ran may still have been answered "ready".
      while (!output.includes('SIGTERM received') && child.exitCode === null && Date.now() - signalled < 10_000) await sleep(10);
      const stopping: Seen[] = [];
      let stillServing = false;
      while (child.exitCode === null && Date.now() - signalled < 15_000) {
        const state = await readiness(base);
        stopping.push(state);
        // During the drain the server still does its work.
        if (state === 'stopping' && !stillServing) stillServing = (await fetch(`${base}/api/config`)).status === 200;
        await sleep(50);
      }
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(2_000);
      expect(stillServing).toBe(true);
      // Never ready again after the signal: not ready, then gone (a request caught by the closing may
      // be answered by the closing server itself).
      const seen = changes(stopping).filter((state) => state !== 'other 503');
      expect(seen[0]).toBe('stopping');
      expect(seen.includes('ready')).toBe(false);
      expect(stopping.filter((state) => state === 'stopping').length).toBeGreaterThan(10);
      expect(output).toContain('SIGTERM received, shutting down after 2 s of draining');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await database.drop();
    }
  });
});
