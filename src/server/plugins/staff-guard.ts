import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { session as sessionTable } from '../db/schema';
import type { StaffAuth } from '../auth/auth';
import { recordAudit } from '../audit/audit-log';
import { isStaffRole, sessionLimits, type StaffRole, type StaffUser } from '../../shared/staff/session';
import { staffMessages } from '../../shared/staff/staff-messages';
import { can, type Permission } from '../../shared/staff/permissions';
import { AppError } from './errors';

// Who may use `/api/manage` (DESIGN 8): every staff route runs `requireStaff` (or `requirePermission`)
// before its handler, and every state-changing request there must come from our own origin.

export type StaffContext = { user: StaffUser; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStaff` for the rest of the request. */
    staff: StaffContext | null;
  }
}

/** The signed-in staff member of a guarded route. */
export function staffOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new AppError('unauthorized', staffMessages.notAuthenticated);
  return request.staff;
}

/** The actor of an audit row for this request. */
export function auditActorOf(request: FastifyRequest) {
  return request.staff ? { id: request.staff.user.id, email: request.staff.user.email } : null;
}

/** The request's headers as a fetch `Headers`, which is what Better Auth reads. */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, String(value));
  }
  return headers;
}

/** Passes Better Auth's cookies (a new session, a refreshed or cleared one) on to the browser. */
export function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

type AuthUser = {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  banned?: boolean | null;
  notificationEnabled?: boolean | null;
  priorityFulfiller?: boolean | null;
};

export function toStaffUser(user: AuthUser & { role: StaffRole }): StaffUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    notificationEnabled: user.notificationEnabled ?? true,
    priorityFulfiller: user.priorityFulfiller ?? false,
  };
}

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `https://host` of the request as the browser addressed it (default ports dropped, as in `Origin`). */
function requestOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

const staffApiPrefix = '/api/manage';

/**
 * The path as a router could read it: without the query, percent-decoding applied until it no longer
 * changes (double encoding included), repeated slashes collapsed, lower case.
 */
export function normalisedRequestPath(url: string): string {
  let path = url.split('?')[0] ?? '';
  for (let round = 0; round < 5; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return path.replace(/[\\/]+/g, '/').toLowerCase();
}

/**
 * Whether a request is for the staff API. The routed path decides (the router decodes the URL, so
 * `/api/%6danage/users` reaches `/api/manage/users`); an unrouted request is judged by its decoded path.
 */
function isStaffApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed !== undefined && routed.startsWith(staffApiPrefix)) return true;
  return normalisedRequestPath(request.url).startsWith(staffApiPrefix);
}

export type StaffGuards = {
  /** Any signed-in staff member. */
  requireStaff: preHandlerAsyncHookHandler;
  /** A signed-in staff member whose role grants `permission` (spec 02 section 6, `permissions.ts`). */
  requirePermission: (permission: Permission) => preHandlerAsyncHookHandler;
};

/**
 * Registers the same-origin check for `/api/manage` and answers the two guards. A session is valid
 * when Better Auth knows it (30 minutes idle at most), it is under 12 hours old, and its user has a
 * staff role and is not suspended; otherwise the session is ended and the request refused.
 */
export function registerStaffGuard(
  app: FastifyInstance,
  { auth, database, publicUrl }: { auth: StaffAuth; database: Database; publicUrl?: string },
): StaffGuards {
  app.decorateRequest('staff', null);
  const allowedOrigin = publicUrl ? new URL(publicUrl).origin : null;

  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !isStaffApiRequest(request)) return;
    const origin = request.headers.origin;
    if (!origin || (origin !== allowedOrigin && origin !== requestOrigin(request))) {
      throw new AppError('cross_origin', staffMessages.crossOrigin);
    }
  });

  async function endSession(sessionId: string) {
    await database.db.delete(sessionTable).where(eq(sessionTable.id, sessionId));
  }

  async function deny(request: FastifyRequest, reason: string, actor: { id: string; email: string }) {
    await recordAudit(database.db, {
      actor,
      action: 'access_denied',
      target: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { reason },
      ipAddress: request.ip,
    });
  }

  const requireStaff: preHandlerAsyncHookHandler = async function (request, reply) {
    let result;
    try {
      result = await auth.api.getSession({ headers: headersOf(request), returnHeaders: true });
    } catch (error) {
      if (error instanceof APIError) throw new AppError('unauthorized', staffMessages.notAuthenticated);
      throw error;
    }
    forwardCookies(reply, result.headers);
    const found = result.response;
    if (!found) throw new AppError('unauthorized', staffMessages.notAuthenticated);

    const { session, user } = found;
    const actor = { id: user.id, email: user.email };
    if (Date.now() - new Date(session.createdAt).getTime() > sessionLimits.absoluteMs) {
      await endSession(session.id);
      throw new AppError('session_expired', staffMessages.sessionExpired);
    }
    if (user.banned) {
      await endSession(session.id);
      await deny(request, 'suspended', actor);
      throw new AppError('account_suspended', staffMessages.suspended);
    }
    if (!isStaffRole(user.role)) {
      await endSession(session.id);
      await deny(request, 'no_role', actor);
      throw new AppError('access_denied', staffMessages.accessDenied);
    }
    request.staff = { user: toStaffUser({ ...user, role: user.role }), sessionId: session.id };
  };

  const requirePermission = (permission: Permission): preHandlerAsyncHookHandler =>
    async function (request, reply) {
      await requireStaff.call(this, request, reply);
      const { user } = staffOf(request);
      if (!can(user, permission)) {
        await deny(request, `missing_permission:${permission}`, { id: user.id, email: user.email });
        throw new AppError('permission_denied', staffMessages.adminsOnly);
      }
    };

  return { requireStaff, requirePermission };
}

/** Records a fulfiller's attempt on an order that is not theirs, which they are told does not exist. */
export async function auditHiddenOrder(database: Database, request: FastifyRequest, orderId: number): Promise<void> {
  await recordAudit(database.db, {
    actor: auditActorOf(request),
    action: 'access_denied',
    target: `order:${orderId}`,
    detail: { reason: 'not_assigned', route: `${request.method} ${request.routeOptions.url ?? request.url}` },
    ipAddress: request.ip,
  });
}
