// The bench's timing table: one line per measured case, median and 95th percentile of sequential runs.
import { performance } from 'node:perf_hooks';

const labelWidth = 60;

export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/** Prints the line and returns the median. */
export function printTiming(label: string, times: readonly number[], note = ''): number {
  const sorted = [...times].sort((a, b) => a - b);
  const extra = note ? `, ${note}` : '';
  console.log(
    `  ${label.padEnd(labelWidth)} median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms (${times.length} calls${extra})`,
  );
  return percentile(sorted, 0.5);
}

/** A figure that is not a timing series (such as how long seeding took), aligned with the timings. */
export function printFigure(label: string, value: string): void {
  console.log(`  ${label.padEnd(labelWidth)} ${value}`);
}

/** Runs `run` `count` times, one after another, and prints how long each took. */
export async function timeRuns(label: string, count: number, run: (index: number) => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  printTiming(label, times);
}

/**
 * Times `count` HTTP calls, each until its whole body has arrived; a call that fails stops the bench.
 * `describe` may turn the bodies (read after the clock stops) into a note for the line. Returns the median.
 */
export async function timeCalls(
  label: string,
  count: number,
  call: (index: number) => Promise<Response>,
  describe?: (bodies: string[]) => string,
): Promise<number> {
  const times: number[] = [];
  const bodies: ArrayBuffer[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    const response = await call(index);
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${label} answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 300)}`);
    if (describe) bodies.push(body);
  }
  return printTiming(label, times, describe ? describe(bodies.map((body) => new TextDecoder().decode(body))) : '');
}

/**
 * Times the same call on several targets (the staff API at each volume), `count` times each, taking
 * turns: one call on each target, then the next round. A machine shared with other work slows down
 * and speeds up over minutes; taking turns puts every target under the same load, so the ratios
 * between them hold even when the times themselves are noisy. Prints one line per target (its label
 * from `labels`) and returns their medians, in the same order.
 */
export async function timeCallsInTurn(
  labels: readonly string[],
  count: number,
  calls: readonly ((index: number) => Promise<Response>)[],
  describe?: (bodies: string[]) => string,
): Promise<number[]> {
  const times = calls.map(() => [] as number[]);
  const bodies = calls.map(() => [] as string[]);
  for (let index = 0; index < count; index += 1) {
    for (const [target, call] of calls.entries()) {
      const started = performance.now();
      const response = await call(index);
      const body = await response.arrayBuffer();
      times[target]!.push(performance.now() - started);
      const text = new TextDecoder().decode(body);
      if (!response.ok) throw new Error(`${labels[target]} answered ${response.status}: ${text.slice(0, 300)}`);
      if (describe) bodies[target]!.push(text);
    }
  }
  return labels.map((label, target) => printTiming(label, times[target]!, describe ? describe(bodies[target]!) : ''));
}
