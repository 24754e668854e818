import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../services';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { staffOf } from '../guard/staff-request';
import { changePasswordSchema, type AccountResponse } from '../../../shared/staff/account';
import { confirmPasswordSchema, secondFactorSchema, totpCodeSchema } from '../../../shared/staff/two-factor';
import { startEnrolment } from './start-enrolment';
import { confirmEnrolment } from './confirm-enrolment';
import { stepUp } from './step-up';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { changeOwnPassword } from './change-own-password';
import { getAccount } from './get-account';
import { revokeSession } from './revoke-session';

function sessionIdOf(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError('not_found', staffMessages.sessionNotFound);
  return id;
}

/** `/api/manage/account…`: the signed-in member's own account (any staff role). */
export function registerStaffAccountRoutes(app: FastifyInstance, services: Pick<AppServices, 'auth' | 'database' | 'guards' | 'verifySecondFactor'>): void {
  const { database, guards } = services;
  const { db } = database;
  const signedIn = { preHandler: guards.requireStaff };
  // Also for a session that must first choose a new password or set up two-factor sign-in.
  const pendingAllowed = { preHandler: guards.requireStaffSession };

  app.get('/api/manage/account', signedIn, async (request, reply): Promise<AccountResponse> => {
    reply.header('cache-control', 'no-store');
    return getAccount(db, staffOf(request));
  });

  app.post('/api/manage/account/two-factor/enrolment', pendingAllowed, async (request, reply) => {
    const input = parseWith(confirmPasswordSchema, request.body);
    reply.header('cache-control', 'no-store');
    return startEnrolment(services, request, reply, input);
  });

  app.post('/api/manage/account/two-factor/confirm', pendingAllowed, async (request, reply) => {
    const input = parseWith(totpCodeSchema, request.body);
    return confirmEnrolment(services, request, reply, input);
  });

  app.post('/api/manage/account/step-up', signedIn, async (request, reply) => {
    const factor = parseWith(secondFactorSchema, request.body);
    return stepUp(services, request, reply, factor);
  });

  app.post('/api/manage/account/recovery-codes', signedIn, async (request, reply) => {
    const input = parseWith(confirmPasswordSchema, request.body);
    reply.header('cache-control', 'no-store');
    return regenerateRecoveryCodes(services, request, reply, input);
  });

  app.post('/api/manage/account/password', pendingAllowed, async (request, reply) => {
    const input = parseWith(changePasswordSchema, request.body);
    await changeOwnPassword(services, request, reply, input);
    return reply.status(204).send();
  });

  app.delete('/api/manage/account/sessions/:id', signedIn, async (request, reply) => {
    await revokeSession({ db, staff: staffOf(request), sessionId: sessionIdOf(request), ipAddress: request.ip });
    return reply.status(204).send();
  });
}
