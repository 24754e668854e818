import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { testFaxes, type Database } from '#server/db/index.ts';
import type { FieldCipher } from '#server/encryption/index.ts';
import { noFaults, type Faults } from '#server/faults.ts';
import { isIrsFaxNumber } from '#shared/filing/filing.ts';
import { FaxSendError, FaxWebhookRefused, type FaxProvider, type ProviderFax } from '../provider';
import { receivedAsPdf } from '../received-document';
import { generateIrsEin, simulateIrsReply } from '../simulate-irs-reply';
import { seededRandom } from '../fax-print';

// The built-in test transport (decision 043): a fax provider on this machine, so filing by fax runs on
// a laptop and in CI with no account, through the same code as Telnyx. A fax sent is written to
// DATA_DIR/fax/outgoing/<id>.pdf.enc with <id>.json beside it, recorded in `test_faxes`, and reported
// delivered a few seconds later; one to the busy number fails as a busy line. Its id comes from the
// attempt's key, as Telnyx deduplicates on the key: a send repeated after a crash rewrites the same
// files and answers the same fax. A PDF or TIFF dropped into DATA_DIR/fax/incoming/
// is received, as a provider's inbound webhook would announce it: kept as received/<id>.pdf.enc and
// taken out of incoming/. A simulated IRS answers every fax delivered to an IRS number after
// TEST_FAX_IRS_REPLY_SECONDS with a fax-back received the same way (over the line, never through the
// folder). The folders hold what a provider holds, and as the service keeps every document with
// personal data (decision 049): each fax's PDF encrypted with the field cipher (`.enc`: base64 inside
// the cipher's envelope), its details (numbers, pages, order) in the clear. What a provider would
// hold besides (each fax, its next report, the IRS's pending answer) is kept in `test_faxes`, so a
// restart loses nothing.

/** Every fax to this number fails as a busy line, to exercise the retries: +1 555 0100 000. */
export const testBusyFaxNumber = '+15550100000';

/** The seed of the simulated IRS's answer to a fax sent for an order (its EIN and its print), from the order's number. */
export function irsReplySeed(orderId: number | string): number {
  return [...`order:${orderId}`].reduce((hash, character) => (hash * 31 + character.charCodeAt(0)) >>> 0, 7);
}

export type TestFaxTransportOptions = {
  database: Database;
  /** Encrypts the faxes the folders keep, as every stored document with personal data is. */
  cipher: FieldCipher;
  dataDir: string;
  /** Seconds before the simulated IRS answers a fax it received; null: it never does. */
  irsReplySeconds: number | null;
  /** The service's own fax number (the designee's): where received faxes are addressed. */
  ownNumber: string;
  /** Called with a fax's id whenever the transport has news of it, as the provider's webhook would be. */
  onEvent: (faxId: string) => Promise<void>;
  log: FastifyBaseLogger;
  /** Seconds between a fax handed over and its report (delivered or failed). */
  reportSeconds?: number;
  /** Where a crash test stops the process: between a fax's document and its details, and before it is recorded. */
  faults?: Faults;
};

export type TestFaxTransport = FaxProvider & {
  readonly name: 'test';
  readonly folders: { outgoing: string; incoming: string; received: string };
  /** A fax the transport keeps (sent: outgoing/, received: received/), decrypted; null when it has none of that id. */
  readFax(folder: 'outgoing' | 'received', id: string): Promise<Uint8Array | null>;
  /** Reports what is due, answers as the IRS, and receives what is in incoming/; answers how much it did. */
  pump(): Promise<number>;
  /** Pumps every second until the returned function is called. */
  start(): () => void;
};

type TestFaxRow = typeof testFaxes.$inferSelect;

function asProviderFax(row: TestFaxRow): ProviderFax {
  return {
    id: row.id,
    direction: row.direction === 'inbound' ? 'inbound' : 'outbound',
    status: row.status as ProviderFax['status'],
    to: row.toNumber,
    from: row.fromNumber,
    pages: row.pages,
    failureReason: row.failureReason,
    clientState: row.clientState,
  };
}

/** How long after a failed fax-back the simulated IRS tries again, and how old a fax it still answers. */
const irsReplyRetrySeconds = 30;
const irsReplyPatienceMs = 60 * 60 * 1000;

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;
/** The id of the fax an attempt makes, from its key: every try of the attempt writes the same files. */
const attemptFaxId = (clientState: string) => `tf_${createHash('sha256').update(clientState).digest('base64url').slice(0, 16)}`;
const receivedFile = /\.(pdf|tiff?)$/i;
/** A file is taken from incoming/ once it has not changed for this long (it may still be being written). */
const settledMs = 500;

export function createTestFaxTransport(options: TestFaxTransportOptions): TestFaxTransport {
  const { database, cipher, onEvent, log, faults = noFaults } = options;
  const { db } = database;
  const reportSeconds = options.reportSeconds ?? 3;
  const base = path.join(options.dataDir, 'fax');
  const folders = { outgoing: path.join(base, 'outgoing'), incoming: path.join(base, 'incoming'), received: path.join(base, 'received') };
  for (const folder of Object.values(folders)) mkdirSync(folder, { recursive: true });

  /** A file written under another name first, so the folder never shows half of it. */
  async function writeWhole(file: string, content: string): Promise<void> {
    const part = path.join(path.dirname(file), `.${path.basename(file)}.part`);
    await writeFile(part, content, { mode: 0o600 });
    await rename(part, file);
  }

  /** A fax's PDF written encrypted, whole. */
  async function writeFax(file: string, pdf: Uint8Array): Promise<void> {
    await writeWhole(file, cipher.encrypt(Buffer.from(pdf).toString('base64')));
  }

  async function readFax(folder: 'outgoing' | 'received', id: string): Promise<Uint8Array | null> {
    if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
    const sealed = await readFile(path.join(folders[folder], `${id}.pdf.enc`), 'utf8').catch(() => null);
    return sealed === null ? null : new Uint8Array(Buffer.from(cipher.decrypt(sealed), 'base64'));
  }

  async function read(id: string): Promise<TestFaxRow | null> {
    const [row] = await db.select().from(testFaxes).where(eq(testFaxes.id, id));
    return row ?? null;
  }

  /** The fax sent under this attempt's key, if any. */
  async function findOutbound(clientState: string, since?: Date): Promise<TestFaxRow | null> {
    const [row] = await db
      .select()
      .from(testFaxes)
      .where(and(eq(testFaxes.clientState, clientState), eq(testFaxes.direction, 'outbound'), since ? gte(testFaxes.createdAt, since) : undefined));
    return row ?? null;
  }

  /** Delivered or failed, for every sent fax whose report is due. */
  async function reportDue(): Promise<string[]> {
    const due = await db
      .update(testFaxes)
      .set({
        reportAt: null,
        status: sql`case when ${testFaxes.toNumber} = ${testBusyFaxNumber} then 'failed' else 'delivered' end`,
        failureReason: sql`case when ${testFaxes.toNumber} = ${testBusyFaxNumber} then 'user_busy' else null end`,
      })
      .where(and(eq(testFaxes.direction, 'outbound'), isNotNull(testFaxes.reportAt), lte(testFaxes.reportAt, sql`now()`)))
      .returning();
    for (const row of due) {
      if (row.status === 'delivered' && options.irsReplySeconds !== null && isIrsFaxNumber(row.toNumber)) {
        await db
          .update(testFaxes)
          .set({ irsReplyAt: sql`now() + make_interval(secs => ${options.irsReplySeconds})` })
          .where(eq(testFaxes.id, row.id));
      }
    }
    return due.map((row) => row.id);
  }

  /** A fax received over the line from `fromNumber`: kept (encrypted) in received/ and recorded; its id. */
  async function receive(pdf: Uint8Array, pages: number, fromNumber: string): Promise<string> {
    const id = newId('tfin');
    await writeFax(path.join(folders.received, `${id}.pdf.enc`), pdf);
    await db.insert(testFaxes).values({ id, direction: 'inbound', status: 'received', toNumber: options.ownNumber, fromNumber, pages });
    return id;
  }

  /** The simulated IRS's fax-back to one sent fax, received from the number it was sent to; its id, or null when the fax is not here. */
  async function answerOne(row: TestFaxRow): Promise<string | null> {
    const received = await readFax('outgoing', row.id);
    const details = await readFile(path.join(folders.outgoing, `${row.id}.json`), 'utf8').catch(() => null);
    if (!received || details === null) return null;
    // The same order always gets the same answer: the EIN and the print's specks come from the order
    // the fax was sent for (its details beside the PDF), so a run can be repeated page for page.
    const sent = JSON.parse(details) as { orderId?: number };
    const seed = irsReplySeed(sent.orderId ?? row.id);
    const ein = generateIrsEin(seededRandom(seed));
    const reply = await simulateIrsReply({ received, ein, seed });
    const { pages } = await receivedAsPdf(reply);
    return receive(reply, pages, row.toNumber);
  }

  /**
   * The simulated IRS's fax-backs that are due, each on its own: a fax whose file is not in this
   * instance's folder (instances must share `DATA_DIR/fax`), or whose answer fails, is tried again in
   * half a minute while it is under an hour old, then given up in the log; the others go on.
   */
  async function answerAsIrs(): Promise<string[]> {
    const due = await db
      .update(testFaxes)
      .set({ irsReplyAt: null })
      .where(and(isNotNull(testFaxes.irsReplyAt), lte(testFaxes.irsReplyAt, sql`now()`)))
      .returning();
    const ids: string[] = [];
    for (const row of due) {
      let problem: unknown;
      try {
        const id = await answerOne(row);
        if (id) {
          ids.push(id);
          log.info({ faxId: row.id }, 'the simulated IRS answered a fax');
          continue;
        }
        problem = new Error(`the fax ${row.id} is not in ${folders.outgoing}`);
      } catch (error) {
        problem = error;
      }
      const givenUp = Date.now() - row.createdAt.getTime() > irsReplyPatienceMs;
      if (!givenUp) await db.update(testFaxes).set({ irsReplyAt: sql`now() + make_interval(secs => ${irsReplyRetrySeconds})` }).where(eq(testFaxes.id, row.id));
      log.error({ faxId: row.id, err: problem }, givenUp ? 'the simulated IRS gave up answering a fax' : 'the simulated IRS could not answer a fax; it will try again');
    }
    return ids;
  }

  /**
   * Every settled file in incoming/, received: kept in received/ as a PDF (encrypted), taken out of
   * incoming/, and announced. A file that is not a fax is moved aside, encrypted too: it may hold anything.
   */
  async function receiveIncoming(): Promise<string[]> {
    const ids: string[] = [];
    for (const name of (await readdir(folders.incoming)).sort()) {
      if (name.startsWith('.') || !receivedFile.test(name)) continue;
      const file = path.join(folders.incoming, name);
      const info = await stat(file).catch(() => null);
      if (!info || Date.now() - info.mtimeMs < settledMs) continue;
      const bytes = new Uint8Array(await readFile(file));
      let converted: { pdf: Uint8Array; pages: number };
      try {
        converted = await receivedAsPdf(bytes);
      } catch (error) {
        log.warn({ file: name, err: error }, 'a file in the fax inbox folder is not a fax; moved aside');
        await writeFax(path.join(folders.received, `${newId('tfin')}.refused-${name}.enc`), bytes);
        await unlink(file);
        continue;
      }
      ids.push(await receive(converted.pdf, converted.pages, '+10000000000'));
      await unlink(file);
    }
    return ids;
  }

  async function announce(ids: string[]) {
    for (const id of ids) {
      await onEvent(id).catch((error: unknown) => log.error({ faxId: id, err: error }, 'a fax event was not handled'));
    }
  }

  let pumping: Promise<number> | null = null;
  const transport: TestFaxTransport = {
    name: 'test',
    folders,

    async send(fax) {
      if (!/^\+[1-9]\d{6,14}$/.test(fax.to)) throw new FaxSendError('destination_invalid', false);
      // One fax per attempt's key, as a provider deduplicates on it: a repeat answers the fax the first made.
      const made = await findOutbound(fax.clientState);
      if (made) return asProviderFax(made);
      const { pages } = await receivedAsPdf(fax.document).catch(() => {
        throw new FaxSendError('file_format_invalid', false);
      });
      const id = attemptFaxId(fax.clientState);
      const files = { document: path.join(folders.outgoing, `${id}.pdf.enc`), details: path.join(folders.outgoing, `${id}.json`) };
      // A try of this attempt that was cut short left its files, whole or in part, and no fax: they are
      // written again in place, so the attempt still makes one fax.
      const left = [files.document, files.details].filter((file) => existsSync(file));
      if (left.length > 0) log.info({ faxId: id, files: left.map((file) => path.basename(file)) }, 'an interrupted send of this attempt left its files; they are written again');
      const sentAt = new Date();
      await writeFax(files.document, fax.document);
      await faults.reach('fax-document-written');
      await writeWhole(files.details, `${JSON.stringify({ to: fax.to, from: fax.from, pages, orderId: fax.orderId, sentAt: sentAt.toISOString() }, null, 2)}\n`);
      await faults.reach('fax-details-written');
      await db
        .insert(testFaxes)
        .values({
          id,
          direction: 'outbound',
          status: 'sending',
          toNumber: fax.to,
          fromNumber: fax.from,
          pages,
          clientState: fax.clientState,
          reportAt: new Date(sentAt.getTime() + reportSeconds * 1000),
        })
        .onConflictDoNothing({ target: testFaxes.id });
      return asProviderFax((await read(id))!);
    },

    async retrieve(id) {
      const row = await read(id);
      return row ? asProviderFax(row) : null;
    },

    async findByClientState(clientState, since) {
      const row = await findOutbound(clientState, since);
      return row ? asProviderFax(row) : null;
    },

    async download(id) {
      const pdf = await readFax('received', id);
      if (!pdf) throw new Error(`The test transport has received no fax ${id}`);
      return pdf;
    },

    readFax,

    async verifyWebhook() {
      throw new FaxWebhookRefused('The built-in test transport sends no webhooks: its news comes from within the server.', 401);
    },

    async pump() {
      // One pass at a time: the timer and a test may both ask.
      pumping ??= (async () => {
        try {
          // Each step on its own: one that fails leaves the others' faxes to be announced.
          const step = (name: string, run: () => Promise<string[]>) =>
            run().catch((error: unknown) => {
              log.error({ step: name, err: error }, 'a step of the test fax transport failed');
              return [] as string[];
            });
          const reported = await step('report', reportDue);
          const answered = await step('answer as the IRS', answerAsIrs);
          const received = await step('receive incoming', receiveIncoming);
          await announce([...reported, ...answered, ...received]);
          return reported.length + answered.length + received.length;
        } finally {
          pumping = null;
        }
      })();
      return pumping;
    },

    start() {
      const timer = setInterval(() => {
        transport.pump().catch((error: unknown) => log.error({ err: error }, 'the test fax transport failed a pass'));
      }, 1000);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
  return transport;
}
