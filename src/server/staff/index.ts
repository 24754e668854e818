// Staff: who may use /manage. Sign-in (the password, then the second factor, both throttled before
// they are checked: decisions 018, 024); the guard of /api/manage (writes from our own origin only, a
// live session with a staff role, permissions read from src/shared/staff/permissions.ts); the
// member's own account; the admins' user management.
export { authSecret, createStaffAuth } from './auth/create-staff-auth';
export type { PasswordVerifier, StaffAuth } from './auth/create-staff-auth';
export { hashPassword, verifyPassword } from './auth/password';
export { createRecoveryCodeHasher } from './auth/recovery-codes';
export { requireOrderAccess } from './guard/require-order-access';
export type { OrderRow } from './guard/require-order-access';
export { normalisedRequestPath } from './guard/same-origin';
export { registerStaffGuard } from './guard/staff-guard';
export type { DeclaredStaffRoute, StaffGuards } from './guard/staff-guard';
export { auditActorOf, guardedOrderOf, headersOf, staffOf } from './guard/staff-request';
export { accountAttackEmail } from './sign-in/account-attack-email';
export { createSecondFactorVerifier, sessionTokenOf } from './sign-in/second-factor';
export type { SecondFactorVerifier } from './sign-in/second-factor';
export type { StaffServices } from './staff-services';
export { createOrResetAdmin, ensureFirstAdmin, generatePassword } from './users/admin-accounts';
export { findUsers } from './users/find-users';
export { boxed, firstAdminNotice } from './users/first-admin-notice';
