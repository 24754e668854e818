import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { Env } from '../env';
import type { EmailOutbox } from '../email';
import type { FieldCipher } from '../encryption';
import type { FaxProvider } from '../fax';
import type { Faults } from '../faults';
import type { PdfSealer } from '../seal';
import type { FaxOutbox } from './fax-outbox';

/** What the filing leg's operations are given (the app builds it once, `createFiling`). */
export type FilingContext = {
  db: Db;
  cipher: FieldCipher;
  /** Seals what the faxed copy adds to the signed SS-4 (its filing reference), decision 050. */
  sealer: PdfSealer;
  env: Env;
  outbox: EmailOutbox;
  provider: FaxProvider;
  log: FastifyBaseLogger;
  faults: Faults;
  /** The service's own fax number (the designee's, E.164): faxes go out from it and the IRS answers to it. */
  ownFaxNumber: string;
  /** The fax filings' outbox, made from this context (`createFiling`). */
  faxOutbox: FaxOutbox;
};

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
