import type { Database } from '../db';
import type { Env } from '../env';
import type { Mailer, EmailOutbox } from '../email';
import type { PaymentProvider } from '../payments';
import type { FieldCipher } from '../encryption';
import type { Faults } from '../faults';
import type { PdfSealer } from '../seal';

// What the app builds once and every module may be handed (app.ts): the platform below the feature
// modules, so that a module naming the services it uses imports no other feature module and never the
// composition root (services.ts, which adds the staff module's and the filing leg's own).

/** The services any module may take; each function and route names the ones it uses (`Pick<Services, …>`). */
export type Services = {
  env: Env;
  database: Database;
  provider: PaymentProvider;
  cipher: FieldCipher;
  /** Seals signed documents with the service's certificate (SEAL_P12_PATH, or a self-signed one). */
  sealer: PdfSealer;
  mailer: Mailer;
  /** Sends what `enqueueEmail` queued: at once after the commit, and with retries. */
  outbox: EmailOutbox;
  /** Where crash tests stop the process; passes every point at once in production. */
  faults: Faults;
};
