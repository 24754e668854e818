import { faultPoints, type FaultPoint } from '#server/faults.ts';
import { startServer } from '#server/server.ts';
import { registerTestSupportRoutes } from './test-api/routes';

// The server as the crash tests start it: the product's own start with the browser tests' set-up API,
// and faults that stop the process at a point. `TEST_PAUSE_AT` names one point where every arrival
// stops; `TEST_PAUSE_ONCE_AT` names several, each stopping only the first arrival, so that one process
// holds one piece of work at each of them. Reaching one prints `test-pause:<point>` and never returns,
// so the test's SIGKILL lands exactly there. `TEST_DELAY_AT=<point>:<ms>` holds each arrival at a
// point that long and lets it pass (the readiness test watches start-up's last step).

function pointsOf(name: string): FaultPoint[] {
  const points = (process.env[name] ?? '').split(',').filter(Boolean) as FaultPoint[];
  const unknown = points.filter((point) => !faultPoints.includes(point));
  if (unknown.length > 0) throw new Error(`${name} must name points of ${faultPoints.join(', ')}; not ${unknown.join(', ')}`);
  return points;
}

const pauseAt = pointsOf('TEST_PAUSE_AT');
const pauseOnceAt = new Set(pointsOf('TEST_PAUSE_ONCE_AT'));
const [delayPoint, delayMs] = (process.env.TEST_DELAY_AT ?? '').split(':');
if (delayPoint && !faultPoints.includes(delayPoint as FaultPoint)) throw new Error(`TEST_DELAY_AT must name a point of ${faultPoints.join(', ')}`);

await startServer({
  addRoutes: registerTestSupportRoutes,
  faults: {
    async reach(point) {
      if (point === delayPoint) await new Promise((resolve) => setTimeout(resolve, Number(delayMs)));
      if (!pauseAt.includes(point) && !pauseOnceAt.delete(point)) return;
      process.stdout.write(`test-pause:${point}\n`);
      await new Promise<never>(() => {});
    },
  },
});
