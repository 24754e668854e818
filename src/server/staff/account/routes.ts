import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { AppError } from '#server/errors.ts';
import { parseWith } from '#server/http/index.ts';
import { staffOf } from '../guard/staff-request';
import { changePasswordSchema, type AccountResponse } from '#shared/staff/account.ts';
import { confirmPasswordSchema, secondFactorSchema, totpCodeSchema } from '#shared/staff/two-factor.ts';
import { startEnrolment } from './start-enrolment';
import { confirmEnrolment } from './confirm-enrolment';
import { stepUp } from './step-up';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { changeOwnPassword } from './change-own-password';
import { getAccount } from './get-account';
import { revokeSession } from './revoke-session';
import { setAlertEmails } from './set-alert-emails';
import { alertEmailsResponseSchema, alertEmailsSchema } from '#shared/alerts/alerts.ts';
import { accountResponseSchema, enrolmentResponseSchema, recoveryCodesResponseSchema, signedInSessionSchema, staffIdParamsSchema, stepUpResponseSchema } from '#shared/staff/answers.ts';
import { routeSchema, type DocumentedRoutes } from '#server/api-document/index.ts';

function sessionIdOf(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError('not_found', staffMessages.sessionNotFound);
  return id;
}

/** `/api/manage/account…`: the signed-in member's own account (any staff role). */
export function registerStaffAccountRoutes(app: FastifyInstance, services: Pick<Services, 'database'> & Pick<StaffServices, 'auth' | 'guards' | 'verifySecondFactor'>): void {
  const { database } = services;
  const { db } = database;

  const api = app.withTypeProvider<DocumentedRoutes>();
  const accountRoute = { tag: 'Staff account', access: { kind: 'staff' } } as const;
  const pendingRoute = { tag: 'Staff account', access: { kind: 'staff', session: true } } as const;
  // Each check of a password or a code is throttled, and waits a floor before answering.
  const checked = ['validation_failed', 'rate_limited'] as const;

  api.get('/api/manage/account', { schema: routeSchema({ ...accountRoute, summary: 'The member\'s own account and sessions', answers: { 200: accountResponseSchema } }) }, async (request, reply): Promise<AccountResponse> => {
    reply.header('cache-control', 'no-store');
    return getAccount(db, staffOf(request));
  });

  api.post(
    '/api/manage/account/two-factor/enrolment',
    {
      schema: routeSchema({
        ...pendingRoute,
        summary: 'Start setting up two-factor sign-in',
        description: 'With the current password; answers the authenticator\'s secret and the recovery codes.',
        body: confirmPasswordSchema,
        answers: { 200: enrolmentResponseSchema },
        refusals: [...checked, 'conflict', 'bad_request'],
      }),
    },
    async (request, reply) => {
    const input = parseWith(confirmPasswordSchema, request.body);
    reply.header('cache-control', 'no-store');
    return startEnrolment(services, request, reply, input);
  });

  api.post(
    '/api/manage/account/two-factor/confirm',
    {
      schema: routeSchema({
        ...pendingRoute,
        summary: 'Finish setting up two-factor sign-in',
        description: 'With a code from the authenticator.',
        body: totpCodeSchema,
        answers: { 200: signedInSessionSchema },
        refusals: [...checked, 'conflict', 'invalid_code'],
      }),
    },
    async (request, reply) => {
    const input = parseWith(totpCodeSchema, request.body);
    return confirmEnrolment(services, request, reply, input);
  });

  api.post(
    '/api/manage/account/step-up',
    {
      schema: routeSchema({
        ...accountRoute,
        summary: 'Give a code for the step-up',
        description: 'An authenticator or recovery code: for 15 minutes this session may reveal SSNs and download SS-4s.',
        body: secondFactorSchema,
        answers: { 200: stepUpResponseSchema },
        refusals: [...checked, 'invalid_code', 'conflict'],
      }),
    },
    async (request, reply) => {
    const factor = parseWith(secondFactorSchema, request.body);
    return stepUp(services, request, reply, factor);
  });

  api.post(
    '/api/manage/account/recovery-codes',
    {
      schema: routeSchema({
        ...accountRoute,
        summary: 'Make new recovery codes',
        description: 'With the current password; the old codes stop working.',
        body: confirmPasswordSchema,
        answers: { 200: recoveryCodesResponseSchema },
        refusals: [...checked, 'conflict'],
      }),
    },
    async (request, reply) => {
    const input = parseWith(confirmPasswordSchema, request.body);
    reply.header('cache-control', 'no-store');
    return regenerateRecoveryCodes(services, request, reply, input);
  });

  api.post(
    '/api/manage/account/password',
    {
      schema: routeSchema({ ...pendingRoute, summary: 'Change the member\'s own password', body: changePasswordSchema, answers: { 204: null }, refusals: [...checked, 'conflict'] }),
    },
    async (request, reply) => {
    const input = parseWith(changePasswordSchema, request.body);
    await changeOwnPassword(services, request, reply, input);
    return reply.status(204).send();
  });

  api.patch(
    '/api/manage/account/alert-emails',
    {
      schema: routeSchema({
        tag: 'Staff account',
        // Only a member who may read alerts receives their e-mails, so only they may choose.
        access: { kind: 'staff', permission: 'alerts:read' },
        summary: 'Turn the member\'s own alert e-mails on or off',
        body: alertEmailsSchema,
        answers: { 200: alertEmailsResponseSchema },
      }),
    },
    async (request) => {
    const input = parseWith(alertEmailsSchema, request.body);
    return setAlertEmails(db, staffOf(request).user, input, request.ip);
  });

  api.delete(
    '/api/manage/account/sessions/:id',
    { schema: routeSchema({ ...accountRoute, summary: 'End one of the member\'s sessions', params: staffIdParamsSchema, answers: { 204: null } }) },
    async (request, reply) => {
    await revokeSession({ db, staff: staffOf(request), sessionId: sessionIdOf(request), ipAddress: request.ip });
    return reply.status(204).send();
  });
}
