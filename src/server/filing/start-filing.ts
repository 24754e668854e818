import { createHash, createHmac } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { faxMedia, type Database } from '../db';
import { type Env, ss4DesigneeOf } from '../env';
import type { EmailOutbox } from '../email';
import type { FieldCipher } from '../encryption';
import type { Faults } from '../faults';
import type { PdfSealer } from '../seal';
import { recordAudit } from '../audit';
import { createFaxProvider } from '../fax';
import { usNumberToE164 } from '#shared/filing/filing.ts';
import { createFaxOutbox } from './fax-outbox';
import { handleFaxNews } from './handle-fax-event';
import { readReceivedFaxes } from './read-received-faxes';
import type { FilingContext } from './filing-context';

/** How long a link to a fax's document works for the provider to fetch it. */
const mediaLinkMinutes = 15;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type StartFilingOptions = {
  env: Env;
  database: Database;
  cipher: FieldCipher;
  /** Seals the reference added to the signed SS-4 on its faxed copy. */
  sealer: PdfSealer;
  outbox: EmailOutbox;
  /** Keys the media links: one attempt's link is the same on every try, and nobody can make one without it. */
  mediaLinkKey: Buffer;
  log: FastifyBaseLogger;
  faults: Faults;
  /** Where a provider fetches a document from (`PUBLIC_URL`). */
  publicUrl: string;
};

/**
 * The filing leg, put together once by the app: the fax provider (Telnyx or the built-in test
 * transport) wired to the filing module's handling of its news, the fax outbox, and the context every
 * filing operation is given. A fax received from the test transport is read at once; one announced by
 * the provider's webhook is read by the reader's job, woken by the route.
 */
export function startFiling(options: StartFilingOptions): FilingContext {
  const { env, database, cipher, sealer, outbox, log, faults } = options;
  const designee = ss4DesigneeOf(env);
  const ownFaxNumber = usNumberToE164(designee.fax ?? designee.phone) ?? '+15125550101';
  const context = { db: database.db, cipher, sealer, env, outbox, log, faults, ownFaxNumber } as Omit<FilingContext, 'provider' | 'faxOutbox'> & Partial<FilingContext>;

  /**
   * A short-lived link to a filing's stamped document for Telnyx to fetch, kept only as its hash. The
   * token is the attempt's key under a secret key: a send repeated for one attempt publishes the same
   * link again (its document and time renewed), so the repeated request is the same request.
   */
  async function publishMedia(document: Uint8Array, filingId: number, attemptKey: string): Promise<string> {
    const token = createHmac('sha256', options.mediaLinkKey).update(`${filingId}:${attemptKey}`).digest('base64url');
    const link = { document: cipher.encrypt(Buffer.from(document).toString('base64')), expiresAt: new Date(Date.now() + mediaLinkMinutes * 60_000) };
    await database.db
      .insert(faxMedia)
      .values({ tokenHash: sha256(token), filingId, ...link })
      .onConflictDoUpdate({ target: faxMedia.tokenHash, set: link });
    return `${options.publicUrl.replace(/\/$/, '')}/api/fax/media/${token}.pdf`;
  }

  context.provider = createFaxProvider({
    env,
    database,
    cipher,
    ownNumber: ownFaxNumber,
    publishMedia,
    log,
    faults,
    onEvent: async (faxId) => {
      const { received } = await handleFaxNews(context as FilingContext, faxId);
      if (received) await readReceivedFaxes(context as FilingContext);
    },
  });
  context.faxOutbox = createFaxOutbox(context as FilingContext);
  return context as FilingContext;
}

/**
 * A filing's document for the provider, by the token of its link: the stamped PDF while the link is
 * valid, else null. Each fetch is audited.
 */
export async function fetchFaxMedia(context: Pick<FilingContext, 'db' | 'cipher'>, token: string): Promise<Buffer | null> {
  const { db, cipher } = context;
  // The fetch and its audit row commit together.
  const row = await db.transaction(async (tx) => {
    const [fetched] = await tx
      .update(faxMedia)
      .set({ fetchedAt: new Date() })
      .where(and(eq(faxMedia.tokenHash, sha256(token)), gt(faxMedia.expiresAt, new Date())))
      .returning();
    if (fetched) await recordAudit(tx, { actor: null, action: 'fax_media_fetched', target: `filing:${fetched.filingId}`, detail: { filingId: fetched.filingId } });
    return fetched ?? null;
  });
  if (!row) return null;
  return Buffer.from(cipher.decrypt(row.document), 'base64');
}

/** Deletes the provider's document links that have expired (the purge job). */
export async function purgeFaxMedia(context: Pick<FilingContext, 'db'>): Promise<number> {
  const removed = await context.db.delete(faxMedia).where(lt(faxMedia.expiresAt, new Date())).returning();
  return removed.length;
}

