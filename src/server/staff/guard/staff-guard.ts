import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { session as sessionTable, type Database } from '../../db';
import type { StaffAuth } from '../auth/create-staff-auth';
import { recordAudit } from '../../audit';
import { isStaffRole, sessionLimits, type StaffRole, type StaffUser } from '../../../shared/staff/session';
import { staffMessages } from '../../../shared/staff/staff-messages';
import { can, type Permission } from '../../../shared/staff/permissions';
import { stepUpWindowMs, twoFactorMessages, type SessionRequirement, type SignedInSession } from '../../../shared/staff/two-factor';
import { AppError } from '../../errors';

// Who may use `/api/manage` (DESIGN 8): every staff route runs `requireStaff` (or `requirePermission`)
// before its handler, and every state-changing request there must come from our own origin.

export type StaffContext = {
  user: StaffUser;
  sessionId: string;
  /** The member has enrolled in two-factor sign-in. */
  twoFactorEnabled: boolean;
  /** When this session last gave a code (sign-in, enrolment, step-up); null: never. */
  twoFactorVerifiedAt: Date | null;
  /** What the session must do before the panel opens; null when nothing. */
  required: SessionRequirement | null;
};

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

/** What a session of this member must still do before the panel opens. */
export function sessionRequirementOf(member: { mustChangePassword?: boolean | null; twoFactorEnabled?: boolean | null }, mfaRequired: boolean): SessionRequirement | null {
  if (member.mustChangePassword) return 'password_change';
  if (mfaRequired && !member.twoFactorEnabled) return 'two_factor_enrolment';
  return null;
}

/** The signed-in session as `GET /api/manage/session` answers it. */
export function signedInSessionOf(staff: StaffContext, mfaRequired: boolean): SignedInSession {
  const body: SignedInSession = { user: staff.user, required: staff.required, twoFactorEnabled: staff.twoFactorEnabled };
  if (staff.twoFactorEnabled || mfaRequired) {
    body.stepUpUntil = staff.twoFactorVerifiedAt ? new Date(staff.twoFactorVerifiedAt.getTime() + stepUpWindowMs).toISOString() : null;
  }
  return body;
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
  /** Any signed-in staff member whose session has nothing left to do (new password, two-factor set-up). */
  requireStaff: preHandlerAsyncHookHandler;
  /**
   * Any signed-in staff member, even one who must still choose a new password or set up two-factor
   * sign-in: only for the routes that let them do so, and for who is signed in.
   */
  requireStaffSession: preHandlerAsyncHookHandler;
  /**
   * Throws `step_up_required` unless this session gave a code in the last 15 minutes (revealing an
   * SSN, downloading an SS-4). Call it after the order's access check, so a hidden order stays a 404.
   */
  requireRecentCode: (request: FastifyRequest) => void;
  /** Whether staff must sign in with a second factor (`REQUIRE_STAFF_MFA`). */
  mfaRequired: boolean;
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
  { auth, database, publicUrl, mfaRequired = true }: { auth: StaffAuth; database: Database; publicUrl?: string; mfaRequired?: boolean },
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

  const requireStaffSession: preHandlerAsyncHookHandler = async function (request, reply) {
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
    const twoFactorEnabled = user.twoFactorEnabled === true;
    const twoFactorVerifiedAt = session.twoFactorVerifiedAt ? new Date(session.twoFactorVerifiedAt) : null;
    if (twoFactorEnabled && !twoFactorVerifiedAt) {
      // A session begun before the member enrolled (in another browser): it never gave a code.
      await endSession(session.id);
      throw new AppError('mfa_required', staffMessages.sessionExpired);
    }
    const required = sessionRequirementOf(user, mfaRequired);
    request.staff = { user: toStaffUser({ ...user, role: user.role }), sessionId: session.id, twoFactorEnabled, twoFactorVerifiedAt, required };
  };

  const requireStaff: preHandlerAsyncHookHandler = async function (request, reply) {
    await requireStaffSession.call(this, request, reply);
    const { required } = staffOf(request);
    if (required === 'password_change') throw new AppError('password_change_required', twoFactorMessages.passwordChangeRequired);
    if (required === 'two_factor_enrolment') throw new AppError('two_factor_enrolment_required', twoFactorMessages.enrolmentRequired);
  };

  const requireRecentCode = (request: FastifyRequest): void => {
    const { twoFactorEnabled, twoFactorVerifiedAt } = staffOf(request);
    // Without two-factor sign-in (REQUIRE_STAFF_MFA=false in development, not enrolled) there is no code to ask for.
    if (!twoFactorEnabled && !mfaRequired) return;
    if (!twoFactorVerifiedAt || Date.now() - twoFactorVerifiedAt.getTime() > stepUpWindowMs) {
      throw new AppError('step_up_required', twoFactorMessages.stepUpRequired);
    }
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

  return { requireStaff, requireStaffSession, requirePermission, requireRecentCode, mfaRequired };
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
