import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppServices } from '../../services';
import { session } from '../../db/schema';
import { recordAudit } from '../../audit/audit-log';
import { AppError } from '../../plugins/errors';
import { parseWith } from '../../plugins/validation';
import { staffOf } from '../../plugins/staff-guard';
import { changePasswordSchema, type AccountResponse } from '../../../shared/staff/account';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { changeOwnPassword } from './change-own-password';
import { findAccountSessions } from './find-account-sessions';

function sessionIdOf(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError('not_found', staffMessages.sessionNotFound);
  return id;
}

/** `/api/manage/account…`: the signed-in member's own account (any staff role). */
export function registerStaffAccountRoutes(app: FastifyInstance, services: Pick<AppServices, 'auth' | 'database' | 'guards'>): void {
  const { database, guards } = services;
  const { db } = database;
  const signedIn = { preHandler: guards.requireStaff };

  app.get('/api/manage/account', signedIn, async (request, reply) => {
    const { user, sessionId } = staffOf(request);
    reply.header('cache-control', 'no-store');
    const body: AccountResponse = { user, sessions: await findAccountSessions(db, user.id, sessionId) };
    return body;
  });

  app.post('/api/manage/account/password', signedIn, async (request, reply) => {
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
