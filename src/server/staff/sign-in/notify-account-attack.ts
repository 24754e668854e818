import { eq } from 'drizzle-orm';
import { user, type Db } from '#server/db/index.ts';
import { enqueueEmail, type EmailOutbox } from '#server/email/index.ts';
import { accountAttackEmail } from './account-attack-email';
import { signInThrottle } from './sign-in-throttle';

/**
 * E-mails the owner of `email` (when such a staff account exists) that their password is being
 * guessed. Called once per window, by the attempt that first went past the account's budget. The
 * message goes through the outbox, so a failed send is retried; the refusal stands either way.
 */
export async function notifyAccountAttack({ db, outbox, email, origin }: { db: Db; outbox: Pick<EmailOutbox, 'deliver'>; email: string; origin: string }): Promise<boolean> {
  const [owner] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.email, email.trim().toLowerCase())).limit(1);
  if (!owner) return false;
  const message = accountAttackEmail({
    name: owner.name,
    budget: signInThrottle.maxChecksPerAccount,
    windowMinutes: signInThrottle.windowMs / 60_000,
    signInUrl: `${origin}/manage/login`,
  });
  const id = await enqueueEmail(db, { kind: 'account_attack', to: owner.email, ...message });
  await outbox.deliver([id]);
  return true;
}
