import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { messageCatalogs } from './vite.config.ts';
import SlowestFirst from './tests/support/slowest-first.ts';

export default defineConfig({
  plugins: [messageCatalogs(), react()],
  test: {
    setupFiles: ['tests/support/phone-rules-setup.ts'],
    environment: 'node',
    // Most of a test's time is spent waiting on a database, a child process or a sign-in's floor,
    // not on this process: one worker more than the cores keeps them busy (the default is one
    // fewer, a single worker on two cores).
    maxWorkers: availableParallelism() + 1,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    sequence: { sequencer: SlowestFirst },
    // A worker process that dies takes its file with it unnamed: this names it, last in the output.
    reporters: ['default', './tests/support/unfinished-files.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/{support,factories}/**/*.test.ts'],
          isolate: false,
          // The migrated database, the seal and the crash tests' server, made once a run for this
          // project only: set at the root, it ran once for the root and once for each project.
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
      // Each file in a context of its own inside long-lived workers, instead of a new process each: the
      // same fresh modules and window for every file, without starting Node, Vitest and jsdom 85 times
      // (214 s of processor to 144 s, decision 075). Its window lacks Node's web streams: the setup adds them.
      {
        extends: true,
        test: {
          name: 'browser-code',
          include: ['src/{client,shared}/**/*.test.{ts,tsx}'],
          pool: 'vmForks',
          setupFiles: ['tests/support/web-streams-setup.ts'],
        },
      },
    ],
  },
});
