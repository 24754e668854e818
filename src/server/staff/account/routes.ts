import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { session, twoFactor } from '../../db';
import { recordAudit } from '../../audit';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import { staffOf } from '../guard/staff-request';
import { changePasswordSchema, type AccountResponse } from '../../../shared/staff/account';
import { confirmPasswordSchema, secondFactorSchema, totpCodeSchema } from '../../../shared/staff/two-factor';
import { countStoredRecoveryCodes } from '../auth/recovery-codes';
import { startEnrolment } from './start-enrolment';
import { confirmEnrolment } from './confirm-enrolment';
import { stepUp } from './step-up';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { changeOwnPassword } from './change-own-password';
import { findAccountSessions } from './find-account-sessions';

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

  app.get('/api/manage/account', signedIn, async (request, reply) => {
    const { user, sessionId, twoFactorEnabled } = staffOf(request);
    reply.header('cache-control', 'no-store');
    const [stored] = await db.select({ backupCodes: twoFactor.backupCodes }).from(twoFactor).where(eq(twoFactor.userId, user.id));
    const body: AccountResponse = {
      user,
      sessions: await findAccountSessions(db, user.id, sessionId),
      twoFactor: { enabled: twoFactorEnabled, recoveryCodesLeft: twoFactorEnabled && stored ? countStoredRecoveryCodes(stored.backupCodes) : 0 },
    };
    return body;
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
    const { user, sessionId } = staffOf(request);
    const id = sessionIdOf(request);
    if (id === sessionId) throw new AppError('bad_request', staffMessages.cannotRevokeCurrentSession);
    await db.transaction(async (tx) => {
      const own = and(eq(session.id, id), eq(session.userId, user.id));
      const [found] = await tx.select({ id: session.id }).from(session).where(own).for('update');
      if (!found) throw new AppError('not_found', staffMessages.sessionNotFound);
      await tx.delete(session).where(own);
      await recordAudit(tx, { actor: { id: user.id, email: user.email }, action: 'session_revoked', target: `user:${user.id}`, detail: { session: id }, ipAddress: request.ip });
    });
    return reply.status(204).send();
  });
}
