import { staffRoleTable, type MappedRole } from './permissions';

// The staff roles by name, apart from the session's schemas: the sign-in page, which reads none of
// them, then carries no role table.

/** The staff roles, the least trusted first (permissions.ts holds what each is and may do). */
export const staffRoles = /* @__PURE__ */ Object.keys(staffRoleTable) as [MappedRole, ...MappedRole[]];
export type StaffRole = MappedRole;

export const staffRoleLabels = /* @__PURE__ */ Object.fromEntries(staffRoles.map((role) => [role, staffRoleTable[role].label])) as Record<StaffRole, string>;

/** Whether `role` is one of the staff roles. */
export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === 'string' && (staffRoles as readonly string[]).includes(role);
}

/**
 * The role the users screen lists an account under. An account without one reads as a fulfiller
 * (spec 02 section 3: "fulfiller if absent"), and so does one whose role is unknown; neither can sign
 * in or do anything (`permissionsOf` gives them nothing) until an admin saves a role.
 */
export function listedRole(role: string | null): StaffRole {
  return isStaffRole(role) ? role : 'fulfiller';
}
