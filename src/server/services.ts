import type { Database } from './db';
import type { Env } from './env';
import type { Mailer, EmailOutbox } from './email';
import type { PaymentProvider } from './payments';
import type { FieldCipher } from './encryption';
import type { StaffAuth, StaffGuards, SecondFactorVerifier } from './staff';
import type { Faults } from './faults';
import type { FilingContext } from './filing';
import type { PdfSealer } from './seal';

/** What the feature modules are given by `buildApp`. */
export type AppServices = {
  env: Env;
  database: Database;
  provider: PaymentProvider;
  cipher: FieldCipher;
  /** Seals signed documents with the service's certificate (SEAL_P12_PATH, or a self-signed one). */
  sealer: PdfSealer;
  mailer: Mailer;
  /** Sends what `enqueueEmail` queued: at once after the commit, and with retries. */
  outbox: EmailOutbox;
  /** Staff accounts and sessions (Better Auth). */
  auth: StaffAuth;
  /** Checks a two-factor or recovery code through Better Auth's two-factor plugin (claim a check first). */
  verifySecondFactor: SecondFactorVerifier;
  /** The filing leg: the fax provider, the fax outbox, and what each filing operation is given. */
  filing: FilingContext;
  /** Where crash tests stop the process; passes every point at once in production. */
  faults: Faults;
  /** Pre-handlers for `/api/manage` routes: any signed-in staff member, or admins only. */
  guards: StaffGuards;
};
