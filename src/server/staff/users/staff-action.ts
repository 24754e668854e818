import type { FastifyRequest } from 'fastify';
import type { StaffAuth } from '../auth/create-staff-auth';
import type { Database } from '#server/db/index.ts';
import { headersOf, staffOf } from '../guard/staff-request';

/** An admin's change to the accounts: who acts, from where, and the headers Better Auth checks them by. */
export type StaffAction = {
  auth: StaffAuth;
  database: Database;
  /** The acting admin's request headers (their session cookie). */
  headers: Headers;
  actor: { id: string; email: string };
  /** The acting admin's own session, kept when they reset their own password. */
  sessionId: string;
  ipAddress: string;
};

export function staffActionOf(request: FastifyRequest, { auth, database }: { auth: StaffAuth; database: Database }): StaffAction {
  const { user, sessionId } = staffOf(request);
  return { auth, database, headers: headersOf(request), actor: { id: user.id, email: user.email }, sessionId, ipAddress: request.ip };
}
