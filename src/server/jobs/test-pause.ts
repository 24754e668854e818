import type { Env } from '../env';

export type PausePoint = NonNullable<Env['TEST_PAUSE_AT']>;

/**
 * For the crash tests only: when `TEST_PAUSE_AT` names this point and NODE_ENV is `test`, says so on
 * standard output and never returns, so the test's SIGKILL lands exactly here. Otherwise does nothing.
 */
export async function pauseForCrashTest(env: Pick<Env, 'NODE_ENV' | 'TEST_PAUSE_AT'>, point: PausePoint): Promise<void> {
  if (env.NODE_ENV !== 'test' || env.TEST_PAUSE_AT !== point) return;
  process.stdout.write(`test-pause:${point}\n`);
  await new Promise<never>(() => {});
}
