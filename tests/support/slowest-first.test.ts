import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowestFirst, { slowestTestFiles } from './slowest-first';

/** A file of a project, as the sequencer sees it. */
function spec(project: 'server' | 'browser-code', file: string): TestSpecification {
  return { moduleId: `/repo/${file}`, project: { name: project, config: { isolate: project !== 'server', sequence: { groupOrder: 0 } } } } as unknown as TestSpecification;
}

describe('the slowest test files, started first', () => {
  it('names test files that exist, each once', () => {
    expect(slowestTestFiles.filter((file) => !existsSync(file) || !/\.test\.tsx?$/.test(file))).toEqual([]);
    expect(new Set(slowestTestFiles).size).toBe(slowestTestFiles.length);
  });

  it('on a first run, with no record of times, runs the server files first and the slowest of them at the head', async () => {
    // A fresh clone: Vitest has no record of any file's time or size.
    const noRecord = { cache: { getFileTestResults: () => undefined, getFileStats: () => undefined }, config: { root: '/repo' } } as unknown as Vitest;
    const files = [
      spec('browser-code', 'src/client/features/wizard/contact-step.test.tsx'),
      spec('server', 'src/server/orders/orders.test.ts'),
      spec('server', slowestTestFiles[1]!),
      spec('browser-code', slowestTestFiles[21]!),
      spec('server', slowestTestFiles[0]!),
      spec('server', 'src/server/http/origin-check.test.ts'),
    ];
    const sorted = await new SlowestFirst(noRecord).sort(files);
    expect(sorted.map((file) => file.moduleId.slice('/repo/'.length))).toEqual([
      slowestTestFiles[0],
      slowestTestFiles[1],
      'src/server/orders/orders.test.ts',
      'src/server/http/origin-check.test.ts',
      slowestTestFiles[21],
      'src/client/features/wizard/contact-step.test.tsx',
    ]);
  });
});
