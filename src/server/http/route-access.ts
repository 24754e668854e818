import type { FastifySchema } from 'fastify';
import type { Permission } from '#shared/staff/permissions.ts';

// Who may call a route, declared once with the route (its `routeSchema`): the staff guard enforces
// it, and the API document states it. The declaration travels on the route's schema under a key of
// its own, which Fastify's validation and the document's generator do not read.

/** Who may call a route, and what proves it. */
export type RouteAccess =
  | { kind: 'public' }
  /** The token in the address, and the cookie the SSN question set for this browser. */
  | { kind: 'signing-link'; verifiedBrowser?: boolean }
  | { kind: 'document-link'; verifiedBrowser?: boolean }
  | { kind: 'payment-webhook' }
  | { kind: 'fax-webhook' }
  /** The operator's scraper: `Authorization: Bearer` with METRICS_TOKEN. */
  | { kind: 'metrics-token' }
  | StaffAccess;

/**
 * A signed-in member: `session` also lets in a session that must first choose a new password or set
 * up two-factor sign-in; `permission` is the action the route performs; `order` makes it a route about
 * the order in its `:id`, which the member must be able to see (else the same 404 as a missing order);
 * `stepUp` needs a code given in the last 15 minutes.
 */
export type StaffAccess = {
  kind: 'staff';
  session?: boolean;
  permission?: Permission;
  order?: boolean;
  stepUp?: boolean;
  /** The sign-out: it ends the cookie's session in whatever state it is (expired, suspended), so no guard runs before it. */
  endsSession?: boolean;
};

const routeAccessKey = Symbol.for('ein-filing.route-access');

/** The schema with its route's access attached. */
export function withRouteAccess<Schema extends object>(schema: Schema, access: RouteAccess): Schema {
  return Object.assign(schema, { [routeAccessKey]: access });
}

/** The access a route declared, if its schema carries one. */
export function routeAccessOf(schema: FastifySchema | undefined): RouteAccess | undefined {
  return (schema as { [routeAccessKey]?: RouteAccess } | undefined)?.[routeAccessKey];
}
