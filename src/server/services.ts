import type { Database } from './db/database';
import type { Env } from './env';
import type { Mailer } from './email/mailer';
import type { PaymentProvider } from './payments/provider';
import type { FieldCipher } from './security/encryption';

/** What the feature modules are given by `buildApp`. */
export type AppServices = {
  env: Env;
  database: Database;
  provider: PaymentProvider;
  cipher: FieldCipher;
  mailer: Mailer;
};
