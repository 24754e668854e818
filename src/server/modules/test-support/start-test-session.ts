import type { AppServices } from '../../services';
import type { SignIn } from '../../../shared/staff/session';

/**
 * Signs a staff member in through Better Auth, as the sign-in route does once the password is
 * right, and answers its session cookies, which the browser tests put into their browser context.
 * The sign-in form's throttling and refusals are not repeated here: the form's own test covers them.
 */
export async function startTestSession({ auth }: Pick<AppServices, 'auth'>, credentials: SignIn, headers: Headers): Promise<string[]> {
  const result = await auth.api.signInEmail({ body: { ...credentials, rememberMe: true }, headers, returnHeaders: true });
  return result.headers.getSetCookie();
}
