import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services';
import { parseWith } from '../../http';
import { signedInSessionOf } from '../guard/staff-session';
import { staffOf } from '../guard/staff-request';
import { signInSchema } from '../../../shared/staff/session';
import { secondFactorSchema, type SignedInSession } from '../../../shared/staff/two-factor';
import { signInWithPassword } from './sign-in-with-password';
import { completeSignIn } from './complete-sign-in';
import { signOut } from './sign-out';

/**
 * `POST|GET|DELETE /api/manage/session`: sign in (the password, then `POST /api/manage/session/two-factor`
 * with the code for an enrolled member), who is signed in, sign out.
 */
export function registerStaffSessionRoutes(
  app: FastifyInstance,
  services: Pick<AppServices, 'auth' | 'database' | 'guards' | 'outbox' | 'env' | 'verifySecondFactor'>,
): void {
  app.post('/api/manage/session', async (request, reply) => {
    const input = parseWith(signInSchema, request.body);
    return signInWithPassword(services, request, reply, input);
  });

  app.post('/api/manage/session/two-factor', async (request, reply) => {
    const factor = parseWith(secondFactorSchema, request.body);
    return completeSignIn(services, request, reply, factor);
  });

  app.get('/api/manage/session', { preHandler: services.guards.requireStaffSession }, async (request) => {
    const body: SignedInSession = signedInSessionOf(staffOf(request), services.guards.mfaRequired);
    return body;
  });

  app.delete('/api/manage/session', async (request, reply) => {
    await signOut(services, request, reply);
    return reply.status(204).send();
  });
}
