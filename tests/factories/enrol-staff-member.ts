import { eq } from 'drizzle-orm';
import type { AppServices } from '../../src/server/services';
import { session } from '../../src/server/db';
import { secretOfOtpauthUri } from '../../src/shared/staff/two-factor';
import { totpCodeOf } from '../support/totp';

/** `name=value` pairs of a response's `Set-Cookie` headers, as a `Cookie` header. */
export function cookieHeaderOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * Enrols a member in two-factor sign-in as the enrolment screen does, through Better Auth's plugin:
 * a session from the password, a new secret, and a code computed from it to confirm. The session is
 * ended afterwards. Answers the secret as text (base32), from which tests compute codes.
 */
export async function enrolStaffMember({ auth, database }: Pick<AppServices, 'auth' | 'database'>, member: { id: string; email: string; password: string }): Promise<string> {
  const signedIn = await auth.api.signInEmail({ body: { email: member.email, password: member.password }, returnHeaders: true });
  const headers = new Headers({ cookie: cookieHeaderOf(signedIn.headers) });
  const started = await auth.api.enableTwoFactor({ body: { password: member.password }, headers });
  if (started.method !== 'totp') throw new Error('No TOTP secret was made');
  const secret = secretOfOtpauthUri(started.totpURI);
  await auth.api.verifyTOTP({ body: { code: await totpCodeOf(secret) }, headers });
  await database.db.delete(session).where(eq(session.userId, member.id));
  return secret;
}
