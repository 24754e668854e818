import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffUser } from '#shared/staff/session.ts';
import type { SessionRequirement } from '#shared/staff/two-factor.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { AppError } from '#server/errors.ts';
import type { orders } from '#server/db/index.ts';

type OrderRow = typeof orders.$inferSelect;

// The request as the staff routes read it: who is signed in (set by the guard), and the headers
// and cookies passed between Fastify and Better Auth.

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
    /** The order a route about an order is about, once the guard found the member may see it. */
    staffOrder: OrderRow | null;
  }
}

/** The order of a route that declares `order: true`, as its guard found it. */
export function guardedOrderOf(request: FastifyRequest): OrderRow {
  if (!request.staffOrder) throw new Error(`${request.routeOptions.url ?? request.url} reads an order its access does not declare`);
  return request.staffOrder;
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
