import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { jobHeartbeats, type Db } from '../db';
import type { Job } from '../jobs';
import type { Services } from '../contracts';
import { checkJobsStopped } from './check-alerts';

/** A job's completion is written at most this often per job and process (the outbox runs every few seconds). */
const heartbeatEverySeconds = 30;

/** Records that `job` completed at `at` (never moving its time back). */
export async function recordJobHeartbeat(db: Db, job: string, at = new Date()): Promise<void> {
  await db
    .insert(jobHeartbeats)
    .values({ job, completedAt: at })
    .onConflictDoUpdate({ target: jobHeartbeats.job, set: { completedAt: at }, setWhere: sql`${jobHeartbeats.completedAt} < ${at}` });
}

/**
 * Wraps each job so that a run that completes writes its heartbeat, which the jobs-stopped check reads
 * from outside the job runner. A heartbeat that cannot be written is logged; the job's run stands.
 */
export function withHeartbeats(db: Db, log: FastifyBaseLogger): (job: Job) => Job {
  const lastWritten = new Map<string, number>();
  return (job) => ({
    ...job,
    run: async () => {
      const result = await job.run();
      const now = Date.now();
      if (now - (lastWritten.get(job.name) ?? 0) >= heartbeatEverySeconds * 1000) {
        lastWritten.set(job.name, now);
        await recordJobHeartbeat(db, job.name, new Date(now)).catch((error: unknown) => log.error({ job: job.name, err: error }, 'a job\'s heartbeat could not be written'));
      }
      return result;
    },
  });
}

/**
 * Checks every `everySeconds` on an in-process timer of its own, outside the job runner, whether any
 * background job has completed lately. The first check comes after one interval, once the jobs run at
 * start-up have written their heartbeats. Answers the function that stops it.
 */
export function startJobsStoppedWatch({ services, log, everySeconds }: { services: Pick<Services, 'database' | 'env' | 'outbox'>; log: FastifyBaseLogger; everySeconds: number }): () => void {
  const timer = setInterval(() => {
    checkJobsStopped({ services, log }).catch((error: unknown) => log.error({ err: error }, 'the jobs-stopped check failed'));
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
