import type { FastifyInstance } from 'fastify';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { parseWith } from '#server/http/index.ts';
import { signedInSessionOf } from '../guard/staff-session';
import { withPasswordChangeReason } from '../guard/password-change-reason';
import { staffOf } from '../guard/staff-request';
import { signInSchema } from '#shared/staff/session.ts';
import { secondFactorSchema, type SignedInSession } from '#shared/staff/two-factor.ts';
import { signInWithPassword } from './sign-in-with-password';
import { completeSignIn } from './complete-sign-in';
import { signOut } from './sign-out';
import { signedInSessionSchema, signInResponseSchema } from '#shared/staff/answers.ts';
import { routeSchema, type DocumentedRoutes } from '#server/api-document/index.ts';

/**
 * `POST|GET|DELETE /api/manage/session`: sign in (the password, then `POST /api/manage/session/two-factor`
 * with the code for an enrolled member), who is signed in, sign out.
 */
export function registerStaffSessionRoutes(
  app: FastifyInstance,
  services: Pick<Services, 'database' | 'outbox' | 'env'> & Pick<StaffServices, 'auth' | 'guards' | 'verifySecondFactor'>,
): void {
  const api = app.withTypeProvider<DocumentedRoutes>();
  const signInRoute = { tag: 'Staff session', access: { kind: 'public' }, rateLimited: true } as const;
  api.post(
    '/api/manage/session',
    {
      schema: routeSchema({
        ...signInRoute,
        summary: 'Sign in with the password',
        description: 'Sets the session cookie; for a member with two-factor sign-in, answers `twoFactorRequired` and the code follows at `POST /api/manage/session/two-factor`. Needs the site\'s own `Origin`.',
        body: signInSchema,
        answers: { 200: signInResponseSchema },
        refusals: ['invalid_credentials', 'account_suspended', 'access_denied', 'cross_origin', 'unauthorized'],
      }),
    },
    async (request, reply) => {
    const input = parseWith(signInSchema, request.body);
    return signInWithPassword(services, request, reply, input);
    },
  );

  api.post(
    '/api/manage/session/two-factor',
    {
      schema: routeSchema({
        ...signInRoute,
        summary: 'Give the second factor',
        description: 'An authenticator code or a recovery code, after the password.',
        body: secondFactorSchema,
        answers: { 200: signedInSessionSchema },
        refusals: ['invalid_code', 'two_factor_expired', 'account_suspended', 'access_denied', 'cross_origin', 'unauthorized'],
      }),
    },
    async (request, reply) => {
    const factor = parseWith(secondFactorSchema, request.body);
    return completeSignIn(services, request, reply, factor);
    },
  );

  api.get(
    '/api/manage/session',
    {
      schema: routeSchema({ summary: 'Who is signed in', tag: 'Staff session', access: { kind: 'staff', session: true }, answers: { 200: signedInSessionSchema } }),
    },
    async (request) => {
    const staff = staffOf(request);
    const body: SignedInSession = signedInSessionOf(staff, services.guards.mfaRequired);
    return withPasswordChangeReason(services.database.db, staff.user.id, body);
    },
  );

  api.delete('/api/manage/session', { schema: routeSchema({ summary: 'Sign out', description: 'Ends the session of the cookie sent, whatever state it is in, and clears the cookie.', tag: 'Staff session', access: { kind: 'staff', session: true, endsSession: true }, answers: { 204: null } }) }, async (request, reply) => {
    await signOut(services, request, reply);
    return reply.status(204).send();
  });
}
