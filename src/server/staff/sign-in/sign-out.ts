import type { FastifyReply, FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import type { Services } from '#server/contracts/index.ts';
import type { StaffServices } from '../staff-services';
import { recordAudit } from '#server/audit/index.ts';
import { AppError } from '#server/errors.ts';
import { forwardCookies, headersOf } from '../guard/staff-request';
import { isStaffRole } from '#shared/staff/roles.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';

/** Ends the request's session, whatever state it is in, and clears its cookie. */
export async function signOut({ auth, database }: Pick<Services, 'database'> & Pick<StaffServices, 'auth'>, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const found = await auth.api.getSession({ headers: headersOf(request) }).catch(() => null);
  try {
    const result = await auth.api.signOut({ headers: headersOf(request), returnHeaders: true });
    forwardCookies(reply, result.headers);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
  }
  // Without a session there is nothing to end: 401 like every staff route, with any stale cookie cleared above.
  if (!found) throw new AppError('unauthorized', staffMessages.notAuthenticated);
  await recordAudit(database.db, { actor: { id: found.user.id, email: found.user.email }, action: 'sign_out', target: `user:${found.user.id}`, ipAddress: request.ip });
  // The session is gone either way; a suspended user or one without a role still hears why they are out.
  if (found.user.banned) throw new AppError('account_suspended', staffMessages.suspended);
  if (!isStaffRole(found.user.role)) throw new AppError('access_denied', staffMessages.accessDenied);
}
