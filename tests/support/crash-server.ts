import { faultPoints, type FaultPoint } from '../../src/server/faults';
import { startServer } from '../../src/server/server';
import { registerTestSupportRoutes } from './test-api/routes';

// The server as the crash tests start it: the product's own start with the browser tests' set-up API,
// and faults that stop the process at the point `TEST_PAUSE_AT` names. Reaching it prints `test-pause:<point>` and never returns, so
// the test's SIGKILL lands exactly there.

const pauseAt = process.env.TEST_PAUSE_AT as FaultPoint | undefined;
if (pauseAt !== undefined && !faultPoints.includes(pauseAt)) throw new Error(`TEST_PAUSE_AT must be one of ${faultPoints.join(', ')}`);

await startServer({
  addRoutes: registerTestSupportRoutes,
  faults: {
    async reach(point) {
      if (point !== pauseAt) return;
      process.stdout.write(`test-pause:${point}\n`);
      await new Promise<never>(() => {});
    },
  },
});
