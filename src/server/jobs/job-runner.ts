import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

// Runs the service's periodic work (the e-mail outbox, the payment reconciliation, the test
// processor's webhook retries). The work itself lives in the database (the outbox table, the
// checkouts), so the runner only decides when to look:
// - on PostgreSQL, pg-boss: a cron schedule per job (one run per slot across every instance), and a
//   one-off job at a given time for `wake` (the next retry of an e-mail);
// - on PGlite (one process per data folder), an in-process timer per job.
// Each job must be safe to run twice at once (they claim rows with SKIP LOCKED, or insert once).

export type Job = {
  name: string;
  /** How often it runs; with pg-boss rounded to whole minutes (at least one). */
  everySeconds: number;
  /** Also run once right after start-up. */
  runAtStart?: boolean;
  run: () => Promise<unknown>;
};

export type JobRunner = {
  /** Runs the job soon, or at `at`. */
  wake(name: string, at?: Date): void;
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  jobs: Job[];
  log: FastifyBaseLogger;
  /** PostgreSQL's URL: pg-boss runs the jobs. Without it, in-process timers do. */
  postgresUrl?: string;
  /** Hears of each run that finished without error (the job clock). */
  onFinished?: (name: string) => void;
};

export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  return options.postgresUrl ? startPgBossRunner(options, options.postgresUrl) : startTimerRunner(options);
}

function logFailure(log: FastifyBaseLogger, name: string, error: unknown) {
  log.error({ job: name, err: error }, 'background job failed');
}

function startTimerRunner({ jobs, log, onFinished }: JobRunnerOptions): JobRunner {
  let stopped = false;
  const states = new Map<string, { job: Job; timer: NodeJS.Timeout | null; dueAt: number; running: Promise<void> | null; again: boolean }>();

  function schedule(name: string, at: number) {
    const state = states.get(name);
    if (!state || stopped) return;
    if (state.timer && state.dueAt <= at) return;
    if (state.timer) clearTimeout(state.timer);
    state.dueAt = at;
    state.timer = setTimeout(() => void run(name), Math.max(0, at - Date.now()));
    state.timer.unref();
  }

  async function run(name: string) {
    const state = states.get(name);
    if (!state || stopped) return;
    state.timer = null;
    if (state.running) {
      // Already running: run once more when it ends, so a wake during a pass is not missed.
      state.again = true;
      return;
    }
    state.running = (async () => {
      try {
        await state.job.run();
        onFinished?.(name);
      } catch (error) {
        logFailure(log, name, error);
      }
    })();
    await state.running;
    state.running = null;
    if (state.again) {
      state.again = false;
      schedule(name, Date.now());
    } else {
      schedule(name, Date.now() + state.job.everySeconds * 1000);
    }
  }

  for (const job of jobs) {
    states.set(job.name, { job, timer: null, dueAt: Infinity, running: null, again: false });
    schedule(job.name, job.runAtStart ? Date.now() : Date.now() + job.everySeconds * 1000);
  }

  return {
    wake(name, at) {
      schedule(name, at ? at.getTime() : Date.now());
    },
    async stop() {
      stopped = true;
      for (const state of states.values()) if (state.timer) clearTimeout(state.timer);
      await Promise.allSettled([...states.values()].map((state) => state.running));
    },
  };
}

/** A cron expression running every `seconds`, rounded to whole minutes (pg-boss's resolution). */
export function cronEvery(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? '* * * * *' : minutes < 60 ? `*/${minutes} * * * *` : `0 */${Math.min(23, Math.round(minutes / 60))} * * *`;
}

async function startPgBossRunner({ jobs, log, onFinished }: JobRunnerOptions, url: string): Promise<JobRunner> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss' });
  boss.on('error', (error) => logFailure(log, 'pg-boss', error));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, { name: job.name, retryLimit: 0, expireInSeconds: 15 * 60 });
    await boss.work(job.name, async () => {
      await job.run();
      onFinished?.(job.name);
    });
    await boss.schedule(job.name, cronEvery(job.everySeconds), {});
    if (job.runAtStart) await boss.send(job.name, {});
  }
  return {
    wake(name, at) {
      boss.send(name, {}, at ? { startAfter: at } : {}).catch((error: unknown) => logFailure(log, name, error));
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
