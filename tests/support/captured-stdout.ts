import { afterEach, vi } from 'vitest';

/**
 * Everything the process writes to stdout (the server's log) during each test, still written through,
 * to look for secrets in it: `captured.text()` reads what the current test has logged so far. Call it
 * once, at a test file's top level.
 */
export function captureStdout(): { text: () => string } {
  let logged = '';
  const originalWrite = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logged += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return (originalWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write);
  afterEach(() => {
    logged = '';
  });
  return { text: () => logged };
}
