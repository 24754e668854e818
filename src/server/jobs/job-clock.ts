/**
 * When each background job of this process last finished a run, for its lag (the metrics'
 * `ein_job_lag_seconds`). A job that has not finished a run yet counts from the clock's start, the
 * server's start-up. A run that throws does not count: a job failing at every run falls behind.
 */
export type JobClock = {
  /** The jobs this process runs. */
  watch(names: readonly string[]): void;
  /** A run of `name` finished without error. */
  finished(name: string): void;
  /** Seconds since each watched job last finished a run, or since start-up if it has not yet. */
  lagSeconds(now?: number): Map<string, number>;
};

export function createJobClock(startedAt = Date.now()): JobClock {
  const lastFinished = new Map<string, number>();
  return {
    watch(names) {
      for (const name of names) if (!lastFinished.has(name)) lastFinished.set(name, startedAt);
    },
    finished(name) {
      lastFinished.set(name, Date.now());
    },
    lagSeconds(now = Date.now()) {
      return new Map([...lastFinished].map(([name, at]) => [name, Math.max(0, (now - at) / 1000)]));
    },
  };
}
