// The staff roles and what each may do, in one map (DESIGN 8). Each staff route declares the one
// permission of the action it performs, and the staff guard enforces the declaration on the server;
// the browser reads the map only to hide what the member cannot use. A new role is one row of
// `staffRoleTable`: the users screen, the panel's labels, Better Auth's admin plugin and the
// authorization matrix test read the roles from it. A new permission is a line of `permissions`, of the
// roles that have it, and of the routes and screens that ask for it (docs/staff-accounts.md).

import { staffMessages } from './staff-messages';

export const permissions = [
  /** See every order, not only those assigned to oneself (the reach of the order permissions below). */
  'orders:read-all',
  /** Open an order one may see: its details, history, e-mails and comments (the taxpayer numbers masked). */
  'orders:read',
  /** Add a comment to an order. */
  'orders:comment',
  /** Change an order's priority and internal notes. */
  'orders:update',
  /** Move an order to another status (on hold with its reason, completed, cancelled, ...). */
  'orders:change-status',
  /** Record or correct an order's EIN. */
  'orders:record-ein',
  /** Change who an order is assigned to. */
  'orders:assign',
  /** Send the customer a new link: to sign the SS-4, or to the EIN letter. */
  'orders:resend-links',
  /** Void a customer's signature and ask for a new one. */
  'signatures:void',
  /** Download an SS-4, filled or signed. */
  'ss4:download',
  /** Reveal a taxpayer number (SSN or ITIN) in full. */
  'tax-id:reveal',
  /** File an order with the IRS (by fax, or record an online filing) and record the online result. */
  'filings:create',
  /** Open the fax inbox: the faxes about the orders one may see, with their pages. */
  'fax-inbox:read',
  /** See every fax received, matched or not, not only those about one's own orders. */
  'fax-inbox:read-all',
  /** Match a received fax to an order and confirm its EIN. */
  'fax-inbox:match',
  /** Give money back on an order. */
  'refunds:create',
  /** Create, edit, suspend and delete staff accounts. */
  'users:manage',
  /** Read the audit trail. */
  'audit:read',
  /** Answer a customer's request to see or delete what is held about them. */
  'customers:data-requests',
  /** Open the dashboard: its figures and charts about the orders one may see (every order, or one's own). */
  'dashboard:read',
  /** See the dashboard's figures about money: revenue, refunds and disputes. */
  'dashboard:money',
  /** See the service's alerts while they last (a fax given up, e-mails not going out, ...) and receive their e-mails. */
  'alerts:read',
] as const;
export type Permission = (typeof permissions)[number];

type RoleFacts = {
  /** What the panel calls the role. */
  label: string;
  /** The role as the user dialog offers it. */
  choice: string;
  permissions: readonly Permission[];
};

/** Every staff role, the least trusted first (a new account's default is the first). */
export const staffRoleTable = {
  support: {
    label: 'Support',
    choice: 'Support (Read and Comment)',
    permissions: ['orders:read-all', 'orders:read', 'orders:comment', 'orders:resend-links', 'dashboard:read'],
  },
  fulfiller: {
    label: 'Fulfiller',
    choice: 'Fulfiller (Limited Access)',
    permissions: [
      'orders:read',
      'orders:comment',
      'orders:update',
      'orders:change-status',
      'orders:record-ein',
      'orders:resend-links',
      'signatures:void',
      'ss4:download',
      'tax-id:reveal',
      'filings:create',
      'fax-inbox:read',
      'fax-inbox:match',
      'dashboard:read',
    ],
  },
  admin: { label: 'Admin', choice: 'Admin (Full Access)', permissions },
} as const satisfies Record<string, RoleFacts>;

/**
 * The roles whose members work orders (they may update one): those an order can be assigned to, by
 * hand or by the auto-assignment. A support member reads and comments on every order but works none.
 */
export const orderWorkingRoles = (Object.keys(staffRoleTable) as (keyof typeof staffRoleTable)[]).filter((role) =>
  (staffRoleTable[role].permissions as readonly Permission[]).includes('orders:update'),
);

/** The roles staff accounts can have, from the map. */
export type MappedRole = keyof typeof staffRoleTable;

/** What `role` may do; an unknown or missing role may do nothing. */
export function permissionsOf(role: string | null | undefined): readonly Permission[] {
  return role !== null && role !== undefined && Object.hasOwn(staffRoleTable, role) ? staffRoleTable[role as MappedRole].permissions : [];
}

/** The order an order permission is asked about: whose it is. */
export type OrderResource = { assignedTo: string | null };

/**
 * Whether `member` may do `permission`, and, for an order, whether they may do it to that order: a
 * member who may not see every order may act only on those assigned to them.
 */
export function can(member: { id?: string; role: string | null } | null | undefined, permission: Permission, order?: OrderResource): boolean {
  if (!member) return false;
  const granted = permissionsOf(member.role);
  if (!granted.includes(permission)) return false;
  if (order === undefined || granted.includes('orders:read-all')) return true;
  return member.id !== undefined && order.assignedTo === member.id;
}

/** May `member` open this order at all (every order, or their own). */
export function canSeeOrder(member: { id: string; role: string | null } | null | undefined, order: OrderResource): boolean {
  return can(member, 'orders:read', order);
}

/** What a member whose role lacks `permission` is told (403 `permission_denied`). */
export function permissionRefusal(permission: Permission): string {
  const others = Object.entries(staffRoleTable).filter(([role]) => role !== 'admin');
  return others.some(([, facts]) => (facts.permissions as readonly Permission[]).includes(permission)) ? staffMessages.roleNotPermitted : staffMessages.adminsOnly;
}
