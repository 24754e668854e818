import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { slowestTestFiles } from './slowest-first';

describe('the slowest test files, started first', () => {
  it('names test files that exist, each once', () => {
    expect(slowestTestFiles.filter((file) => !existsSync(file) || !/\.test\.tsx?$/.test(file))).toEqual([]);
    expect(new Set(slowestTestFiles).size).toBe(slowestTestFiles.length);
  });
});
