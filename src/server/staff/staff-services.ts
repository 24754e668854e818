import type { StaffAuth } from './auth/create-staff-auth';
import type { StaffGuards } from './guard/staff-guard';
import type { SecondFactorVerifier } from './sign-in/second-factor';

/** The staff module's own services, which the app builds beside the platform's (`Services`, src/server/contracts). */
export type StaffServices = {
  /** Staff accounts and sessions (Better Auth). */
  auth: StaffAuth;
  /** Checks a two-factor or recovery code through Better Auth's two-factor plugin (claim a check first). */
  verifySecondFactor: SecondFactorVerifier;
  /** The guard of `/api/manage` and whether a second factor is required (`REQUIRE_STAFF_MFA`). */
  guards: StaffGuards;
};
