import type { Database } from './db/database';
import type { Env } from './env';
import type { Mailer } from './email/mailer';
import type { EmailOutbox } from './email/outbox';
import type { PaymentProvider } from './payments/provider';
import type { FieldCipher } from './security/encryption';
import type { StaffAuth } from './auth/auth';
import type { StaffGuards } from './plugins/staff-guard';
import type { SecondFactorVerifier } from './auth/two-factor';

/** What the feature modules are given by `buildApp`. */
export type AppServices = {
  env: Env;
  database: Database;
  provider: PaymentProvider;
  cipher: FieldCipher;
  mailer: Mailer;
  /** Sends what `enqueueEmail` queued: at once after the commit, and with retries. */
  outbox: EmailOutbox;
  /** Staff accounts and sessions (Better Auth). */
  auth: StaffAuth;
  /** Checks a two-factor or recovery code through Better Auth's two-factor plugin (claim a check first). */
  verifySecondFactor: SecondFactorVerifier;
  /** Pre-handlers for `/api/manage` routes: any signed-in staff member, or admins only. */
  guards: StaffGuards;
};
