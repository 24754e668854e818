/** What a staff member may do, by role: one map, so a new role or permission touches it and its screen. */
export const permissions = ['orders:read-all', 'orders:assign', 'users:manage', 'audit:read', 'refunds:create'] as const;
export type Permission = (typeof permissions)[number];

const permissionsByRole: Record<string, readonly Permission[]> = {
  admin: permissions,
  fulfiller: [],
};

/** Whether `member` may do `permission`; no member, or a role the map does not know, may do nothing. */
export function can(member: { role: string } | null | undefined, permission: Permission, _resource?: { assignedTo: string | null }): boolean {
  if (!member || !Object.hasOwn(permissionsByRole, member.role)) return false;
  return permissionsByRole[member.role]?.includes(permission) ?? false;
}
