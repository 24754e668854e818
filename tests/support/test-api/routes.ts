import type { FastifyInstance } from 'fastify';
import { APIError } from 'better-auth/api';
import type { AppServices } from '#server/services.ts';
import { AppError } from '#server/errors.ts';
import { parseWith } from '#server/http/index.ts';
import { headersOf } from '#server/staff/index.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { sql } from 'drizzle-orm';
import { purgeExpiredData } from '#server/retention/index.ts';
import { testExpireCheckoutSchema, testOrderSchema, testSessionSchema, testStaffSchema, type TestOrderResponse, type TestStaffResponse } from './test-support-inputs';
import { createTestOrder } from './create-test-order';
import { createTestStaffMember } from './create-test-staff-member';
import { startTestSession } from './start-test-session';
import { planDashboardOrders, type DashboardPlan } from '#tests/factories/dashboard-plan.ts';
import { insertDashboardPlan } from '#tests/factories/dashboard-seed.ts';
import { refreshDashboard } from '#server/dashboard/index.ts';

/**
 * `/api/test-support/…`: state for the browser tests, made by the server's own code so that only the
 * specs about checkout and sign-in go through those screens. Only the servers the tests start add these
 * routes (`tests/e2e/server.ts`, `tests/support/crash-server.ts`, and `withStaffApp({ testApi: true })`);
 * the product's own start never loads this module.
 */
export function registerTestSupportRoutes(app: FastifyInstance, services: AppServices): void {
  app.post('/api/test-support/orders', async (request, reply) => {
    const input = parseWith(testOrderSchema, request.body ?? {});
    const body: TestOrderResponse = await createTestOrder(services, input, request.log);
    return reply.status(201).send(body);
  });

  // Ages one draft's checkout past the unpaid window and runs the purge job's pass, as an hour's tick would.
  app.post('/api/test-support/checkouts/expire', async (request, reply) => {
    const { draftId } = parseWith(testExpireCheckoutSchema, request.body ?? {});
    await services.database.db.execute(sql`
      update checkouts set updated_at = now() - make_interval(hours => ${services.env.UNPAID_CHECKOUT_RETENTION_HOURS + 1})
      where draft_id = ${draftId} and status = 'open'`);
    const counts = await purgeExpiredData({ services, log: request.log });
    return reply.status(200).send({ purged: counts.checkouts });
  });

  app.post('/api/test-support/staff', async (request, reply) => {
    const input = parseWith(testStaffSchema, request.body ?? {});
    const body: TestStaffResponse = await createTestStaffMember(services, input);
    return reply.status(201).send(body);
  });

  // Days of orders for the dashboard's browser test, with a fulfiller some of them are assigned to; made
  // once per server (a retry of the test reads the same), then the dashboard's figures computed.
  let dashboardSeed: Promise<{ plan: DashboardPlan; fulfiller: TestStaffResponse }> | null = null;
  app.post('/api/test-support/dashboard-orders', async (_request, reply) => {
    dashboardSeed ??= (async () => {
      const fulfiller = await createTestStaffMember(services, parseWith(testStaffSchema, { role: 'fulfiller', name: 'Dana Dashboard' }));
      const plan = planDashboardOrders(new Date(), 90, [fulfiller.id, null]);
      await insertDashboardPlan(services.database.db, plan);
      // The whole window: the orders are backdated, before the refresh job's recent days.
      await refreshDashboard(services.database.db, new Date(), { rebuild: true });
      return { plan, fulfiller };
    })();
    return reply.status(201).send(await dashboardSeed);
  });

  app.post('/api/test-support/sessions', async (request, reply) => {
    const credentials = parseWith(testSessionSchema, request.body);
    try {
      reply.header('set-cookie', await startTestSession(services, credentials, headersOf(request)));
    } catch (error) {
      if (error instanceof APIError) throw new AppError('invalid_credentials', staffMessages.invalidCredentials);
      if (error instanceof Error && error.message.includes('totpSecret')) throw new AppError('bad_request', error.message);
      throw error;
    }
    return reply.status(204).send();
  });
}
