import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { session as sessionTable, type Database } from '#server/db/index.ts';
import type { StaffAuth } from '../auth/create-staff-auth';
import { recordAudit } from '#server/audit/index.ts';
import { sessionLimits } from '#shared/staff/session.ts';
import { isStaffRole } from '#shared/staff/roles.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { can, permissionRefusal, type Permission } from '#shared/staff/permissions.ts';
import { routeAccessOf, type StaffAccess } from '#server/http/index.ts';
import { requireOrderAccess } from './require-order-access';
import { stepUpWindowMs, twoFactorMessages } from '#shared/staff/two-factor.ts';
import { AppError } from '#server/errors.ts';
import { registerSameOriginCheck } from './same-origin';
import { forwardCookies, headersOf, staffOf } from './staff-request';
import { sessionRequirementOf, toStaffUser } from './staff-session';

// Who may use `/api/manage` (DESIGN 8): every staff route declares its access with the route (its
// `routeSchema`: a session, the permission of the action it performs, the order it is about, a recent
// code), and the one guard registered here enforces that declaration before any handler runs. Every
// state-changing request there must also come from our own origin.

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
  /** The one guard of a route's declared access: the session, the permission, the order, the code. */
  guardFor: (access: StaffAccess) => preHandlerAsyncHookHandler;
  /** Every route registered so far that declares staff access, with its declaration (the authorization matrix reads them). */
  declaredRoutes: () => readonly DeclaredStaffRoute[];
};

export type DeclaredStaffRoute = { method: string; url: string; access: StaffAccess };

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
  registerSameOriginCheck(app, publicUrl);

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

  async function requireGranted(request: FastifyRequest, permission: Permission) {
    const { user } = staffOf(request);
    if (can(user, permission)) return;
    await deny(request, `missing_permission:${permission}`, { id: user.id, email: user.email });
    throw new AppError('permission_denied', permissionRefusal(permission));
  }

  const requirePermission = (permission: Permission): preHandlerAsyncHookHandler =>
    async function (request, reply) {
      await requireStaff.call(this, request, reply);
      await requireGranted(request, permission);
    };

  /**
   * The declared access, checked in its order: a live session (401, 403), the permission (403
   * `permission_denied`), the order in the address (the same 404 as a missing one, audited, for an
   * order the member may not see; kept for the handler, `guardedOrderOf`), then a recent code (403
   * `step_up_required`, after the order so that a hidden order stays a 404).
   */
  const guardFor = (access: StaffAccess): preHandlerAsyncHookHandler =>
    async function (request, reply) {
      await (access.session ? requireStaffSession : requireStaff).call(this, request, reply);
      if (access.permission) await requireGranted(request, access.permission);
      if (access.order) request.staffOrder = await requireOrderAccess(database, request);
      if (access.stepUp) requireRecentCode(request);
    };

  // Every route that declares staff access gets its guard before any handler of its own.
  app.decorateRequest('staffOrder', null);
  const declared: DeclaredStaffRoute[] = [];
  app.addHook('onRoute', (route) => {
    const access = routeAccessOf(route.schema);
    if (access?.kind !== 'staff') return;
    for (const method of [route.method].flat()) if (method !== 'HEAD') declared.push({ method, url: route.url, access });
    if (access.endsSession) return;
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [guardFor(access), ...own];
  });

  return { requireStaff, requireStaffSession, requirePermission, requireRecentCode, guardFor, declaredRoutes: () => declared, mfaRequired };
}
