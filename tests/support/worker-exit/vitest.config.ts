import { defineConfig } from 'vitest/config';

// The unfinished-files reporter's own run: one file whose worker dies, one that passes, a worker each.
export default defineConfig({
  test: {
    name: 'worker-exit',
    include: ['tests/support/worker-exit/*.fixture.ts'],
    pool: 'forks',
    maxWorkers: 1,
    reporters: ['default', './tests/support/unfinished-files.ts'],
  },
});
