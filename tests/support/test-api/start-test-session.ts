import { eq } from 'drizzle-orm';
import type { AppServices } from '#server/services.ts';
import { session } from '#server/db/index.ts';
import { cookieHeaderOf } from '#tests/factories/staff.ts';
import { currentTotpCodeOf } from '../totp';
import { sessionTokenOf } from '#server/staff/index.ts';
import type { TestSession } from './test-support-inputs';

/**
 * Signs a staff member in through Better Auth, as the sign-in routes do once the password (and, for an
 * enrolled member, the code computed from `totpSecret`) is right, and answers its session cookies,
 * which the browser tests put into their browser context. The session has given its code now (or
 * `codeGivenMinutesAgo`), so SSNs and SS-4s open without a step-up (unless that is over 15 minutes). The sign-in form's throttling and refusals are not repeated
 * here: the form's own tests cover them.
 */
export async function startTestSession({ auth, database }: Pick<AppServices, 'auth' | 'database'>, credentials: TestSession, headers: Headers): Promise<string[]> {
  const signedIn = await auth.api.signInEmail({ body: { email: credentials.email, password: credentials.password, rememberMe: true }, headers, returnHeaders: true });
  if (!('twoFactorRedirect' in signedIn.response)) return signedIn.headers.getSetCookie();
  if (!credentials.totpSecret) throw new Error('This member is enrolled in two-factor sign-in: pass totpSecret');
  const pending = new Headers(headers);
  pending.set('cookie', cookieHeaderOf(signedIn.headers));
  const verified = await auth.api.verifyTOTP({ body: { code: await currentTotpCodeOf(credentials.totpSecret) }, headers: pending, returnHeaders: true });
  const token = sessionTokenOf(verified.headers);
  const givenAt = new Date(Date.now() - (credentials.codeGivenMinutesAgo ?? 0) * 60_000);
  if (token) await database.db.update(session).set({ twoFactorVerifiedAt: givenAt }).where(eq(session.token, token));
  return verified.headers.getSetCookie().filter((cookie) => !/two_factor=;/.test(cookie));
}
