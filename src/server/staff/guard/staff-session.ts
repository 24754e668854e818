import type { StaffRole } from '#shared/staff/roles.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { stepUpWindowMs, type SessionRequirement, type SignedInSession } from '#shared/staff/two-factor.ts';
import type { StaffContext } from './staff-request';

// A staff member's session as the panel sees it: the member, and what the session must still do.

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
