import { createHmac } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins/admin';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { schema, type Database } from '#server/db/index.ts';
import type { Env } from '#server/env.ts';
import { maxPasswordLength, sessionLimits } from '#shared/staff/session.ts';
import { staffRoles } from '#shared/staff/roles.ts';
import { can } from '#shared/staff/permissions.ts';
import { hashPassword, verifyPassword } from './password';
import { createRecoveryCodeHasher, generateRecoveryCodes, type RecoveryCodeHasher } from './recovery-codes';

// Staff accounts and sessions (DESIGN 2 and 8, decision 009) are Better Auth's: e-mail and password
// with sign-up disabled, and the admin plugin for roles, suspension (its "ban", which also ends the
// user's sessions), creating users, setting passwords and removing users. The panel's own routes
// call it server-side (`auth.api`); its HTTP handler is not mounted. The two-factor plugin holds each
// member's TOTP secret and recovery codes (decision 024).

/** The cookie holding the session token is `ein_staff.session_token` (`__Secure-` in production). */
export const sessionCookiePrefix = 'ein_staff';

/** The secret that signs session cookies: `AUTH_SECRET`, or one derived from the data key. */
export function authSecret(env: Env, dataKey: Buffer): string {
  return env.AUTH_SECRET ?? createHmac('sha256', dataKey).update('staff-session-cookie-secret').digest('base64url');
}

export type PasswordVerifier = typeof verifyPassword;

/** The length floor before the password rule of decision 038. */
const legacyMinPasswordLength = 6;

export const twoFactorIssuer = 'EIN Filing Service';

export function createStaffAuth({
  env,
  database,
  secret,
  passwordVerifier = verifyPassword,
  recoveryCodes = createRecoveryCodeHasher(secret),
}: {
  env: Env;
  database: Database;
  secret: string;
  /** Checks a password against its stored hash; tests wrap it to count the checks. */
  passwordVerifier?: PasswordVerifier;
  recoveryCodes?: RecoveryCodeHasher;
}) {
  return betterAuth({
    appName: 'EIN Filing Service',
    baseURL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    basePath: '/api/auth',
    secret,
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, twoFactor: schema.twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      // The panel's routes apply the password rule (src/shared/staff/password-rule.ts) before Better
      // Auth sees a new password; its own floor stays the old one, so accounts made before the rule
      // keep working until their next change (decision 038).
      minPasswordLength: legacyMinPasswordLength,
      maxPasswordLength,
      password: { hash: hashPassword, verify: passwordVerifier },
    },
    user: {
      additionalFields: {
        notificationEnabled: { type: 'boolean', required: false, defaultValue: true, input: false },
        priorityFulfiller: { type: 'boolean', required: false, defaultValue: false, input: false },
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      // Idle limit: a session lives 30 minutes past its last refresh, refreshed at most once a minute.
      // The 12-hour absolute limit is the guard's (it reads the session's creation time).
      expiresIn: sessionLimits.idleMs / 1000,
      updateAge: 60,
      additionalFields: {
        twoFactorVerifiedAt: { type: 'date', required: false, input: false },
      },
    },
    // Sign-in throttling is the panel's own, counted in the database for every instance.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: sessionCookiePrefix,
      useSecureCookies: env.NODE_ENV === 'production',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    plugins: [
      admin({
        // The roles of the permission map: those who manage users are the plugin's admins.
        defaultRole: staffRoles[0],
        adminRoles: staffRoles.filter((role) => can({ role }, 'users:manage')),
        roles: Object.fromEntries(staffRoles.map((role) => [role, can({ role }, 'users:manage') ? adminAc : userAc])),
      }),
      twoFactor({
        issuer: twoFactorIssuer,
        backupCodeOptions: { amount: 10, storeBackupCodes: recoveryCodes.storage, customBackupCodesGenerate: () => generateRecoveryCodes(10) },
      }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
