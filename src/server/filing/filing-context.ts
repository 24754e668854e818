import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { Env } from '../env';
import type { EmailOutbox } from '../email';
import type { FieldCipher } from '../encryption';
import type { FaxProvider } from '../fax';
import type { Faults } from '../faults';
import type { PdfSealer } from '../seal';

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

/** The fax filings' outbox (`createFaxOutbox`): sends each queued filing once, with retries. */
export type FaxOutbox = {
  /** Tries these filings now (right after the commit that queued them). */
  deliver(ids: number[]): Promise<void>;
  /** The worker's pass: every filing due (queued, or held past its day); answers how many were tried. */
  deliverDue(): Promise<number>;
  /** Releases the claims of a process that is gone (the embedded database has one process). */
  releaseClaims(): Promise<number>;
};

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
