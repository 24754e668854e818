import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The run's own temporary folder (tests/support/global-setup.ts, decision 079): the workers and the
// processes the tests start make their folders inside it, and the set-up's end removes it.
describe('the run’s temporary folder', () => {
  it('is where this worker and a process it starts make their temporary folders', () => {
    const folder = tmpdir();
    expect(path.basename(folder)).toMatch(/^ein-test-run-/);
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(child).toBe(folder);
  });
});
