import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A run of Vitest of its own (tests/support/worker-exit): a file whose worker process is killed in its
// second test, and one that passes.

function runWorkerExitFixtures(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/support/worker-exit/vitest.config.ts', '--root', '.'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', CI: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the unfinished test files reporter', () => {
  it('names the file whose worker died, at the end of the output, and fails the run', async () => {
    const { code, stdout, stderr } = await runWorkerExitFixtures();
    expect(code).toBe(1);
    expect(stderr).toContain('Worker exited unexpectedly');
    // Vitest's own summary counts the file only.
    expect(stdout).toMatch(/Test Files\s+1 passed \(2\)/);
    expect(stderr.trimEnd().split('\n').slice(-2)).toEqual([
      'One test file did not finish, its worker process gone:',
      '  tests/support/worker-exit/dies.fixture.ts (worker-exit), 0 of its 3 tests reported',
    ]);
  });
});
