import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { Env } from '../env';
import type { FieldCipher } from '../encryption';
import type { Faults } from '../faults';
import type { FaxProvider } from './provider';
import { createTelnyxFaxProvider } from './telnyx-fax-provider';
import { createTestFaxTransport, type TestFaxTransport } from './test-transport/test-fax-transport';

export type CreateFaxProviderOptions = {
  env: Env;
  database: Database;
  /** Encrypts what the test transport keeps on disk. */
  cipher: FieldCipher;
  /** The service's own fax number (the designee's, E.164): received faxes are addressed to it. */
  ownNumber: string;
  /** Publishes a filing's document for Telnyx to fetch (the filing module's media route), one link per attempt. */
  publishMedia: (document: Uint8Array, filingId: number, attemptKey: string) => Promise<string>;
  /** Where a crash test stops the process (the test transport's steps of a send). */
  faults?: Faults;
  /** Where the test transport's news goes: the same handling the provider's webhook gets. */
  onEvent: (faxId: string) => Promise<void>;
  log: FastifyBaseLogger;
};

/** Telnyx with FAX_PROVIDER=telnyx (env checks its keys come together), otherwise the built-in test transport. */
export function createFaxProvider(options: CreateFaxProviderOptions): FaxProvider {
  const { env } = options;
  if (env.FAX_PROVIDER === 'telnyx') {
    return createTelnyxFaxProvider({
      apiKey: env.TELNYX_API_KEY!,
      publicKey: env.TELNYX_PUBLIC_KEY!,
      connectionId: env.TELNYX_CONNECTION_ID!,
      publishMedia: options.publishMedia,
      baseURL: env.TELNYX_API_BASE_URL,
    });
  }
  return createTestFaxTransport({
    database: options.database,
    cipher: options.cipher,
    dataDir: env.DATA_DIR,
    irsReplySeconds: env.TEST_FAX_IRS_REPLY_SECONDS,
    ownNumber: options.ownNumber,
    onEvent: options.onEvent,
    log: options.log,
    ...(options.faults ? { faults: options.faults } : {}),
  });
}

export function isTestFaxTransport(provider: FaxProvider): provider is TestFaxTransport {
  return provider.name === 'test' && 'pump' in provider;
}
