// The staff roles and what each may do, in one map (DESIGN 8). The server enforces it on every route
// (`requirePermission`, `requireOrderAccess`); the browser reads it only to hide what the member cannot
// use. A new role is one row of `staffRoleTable`: the users screen, the panel's labels and Better Auth's
// admin plugin read the roles from it. A new permission is a line of `permissions` and of the roles
// that have it, and the routes and screens that ask for it.

export const permissions = [
  /** See every order, not only those assigned to oneself. */
  'orders:read-all',
  /** Work an order assigned to oneself: open it, save it, comment on it, reveal its SSN. */
  'orders:work-assigned',
  /** Change who an order is assigned to. */
  'orders:assign',
  /** Create, edit, suspend and delete staff accounts. */
  'users:manage',
  /** Read the audit trail. */
  'audit:read',
  /** Give money back on an order. */
  'refunds:create',
  /** Answer a customer's request to see or delete what is held about them. */
  'customers:data-requests',
  /** See every fax received, matched or not (a fulfiller sees those about their own orders). */
  'fax-inbox:read-all',
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
  fulfiller: { label: 'Fulfiller', choice: 'Fulfiller (Limited Access)', permissions: ['orders:work-assigned'] },
  admin: { label: 'Admin', choice: 'Admin (Full Access)', permissions },
} as const satisfies Record<string, RoleFacts>;

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
  return can(member, 'orders:read-all') || can(member, 'orders:work-assigned', order);
}
