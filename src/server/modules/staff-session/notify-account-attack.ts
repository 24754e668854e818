import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { user } from '../../db/schema';
import type { Mailer } from '../../email/mailer';
import { accountAttackEmail } from '../../email/account-attack-email';
import { signInThrottle } from '../../auth/sign-in-throttle';

/**
 * E-mails the owner of `email` (when such a staff account exists) that their password is being
 * guessed. Called once per window, by the attempt that first went past the account's budget. The
 * refusal stands whether or not the e-mail goes out, so a failure is only logged.
 */
export async function notifyAccountAttack({ db, mailer, email, origin, log }: { db: Db; mailer: Mailer; email: string; origin: string; log: FastifyBaseLogger }): Promise<boolean> {
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!owner) return false;
  const message = accountAttackEmail({
    name: owner.name,
    budget: signInThrottle.maxChecksPerAccount,
    windowMinutes: signInThrottle.windowMs / 60_000,
    signInUrl: `${origin}/manage/login`,
  });
  try {
    await mailer.send({ to: owner.email, ...message });
    return true;
  } catch (error) {
    log.error({ code: (error as { code?: unknown } | null)?.code }, 'account attack e-mail not sent');
    return false;
  }
}
