import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateTelnyxSigningKey, startFakeTelnyx, type FakeTelnyx } from '#tests/fakes/telnyx-server.ts';
import { FaxSendError, FaxWebhookRefused, type FaxProvider, type SendFax } from './provider';
import { createTelnyxFaxProvider } from './telnyx-fax-provider';

/** A two-page PDF, as far as a fax machine cares. */
const document = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R >> endobj\n4 0 obj << /Type /Page /Parent 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * Stands in for the filing module's media route: each attempt's document gets a link of its own (the
 * same link each time the attempt publishes it), which works once, and every fetch is counted.
 */
async function startMediaHost() {
  const documents = new Map<string, Uint8Array>();
  const fetched: string[] = [];
  const published: { filingId: number; url: string }[] = [];
  const server: Server = createServer((request, response) => {
    const token = /^\/filing-media\/([0-9a-f-]{36})\.pdf$/.exec(request.url ?? '')?.[1];
    const bytes = token ? documents.get(token) : undefined;
    if (!token || !bytes) {
      response.writeHead(404).end();
      return;
    }
    documents.delete(token);
    fetched.push(token);
    response.writeHead(200, { 'content-type': 'application/pdf' }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    fetched,
    published,
    async publish(bytes: Uint8Array, filingId: number, attemptKey: string) {
      const hex = createHash('sha256').update(attemptKey).digest('hex');
      const token = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
      documents.set(token, bytes);
      const url = `${origin}/filing-media/${token}.pdf`;
      published.push({ filingId, url });
      return url;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

const irsFax = '+18558144853';
const ownFax = '+15555550123';

describe('Telnyx fax provider through the official SDK', () => {
  let fake: FakeTelnyx;
  let mediaHost: Awaited<ReturnType<typeof startMediaHost>>;
  let provider: FaxProvider;

  const providerWith = (changes: { apiKey?: string; connectionId?: string; baseURL?: string } = {}) =>
    createTelnyxFaxProvider({
      apiKey: changes.apiKey ?? fake.apiKey,
      publicKey: fake.publicKey,
      connectionId: changes.connectionId ?? fake.connectionId,
      publishMedia: (bytes, filingId, attemptKey) => mediaHost.publish(bytes, filingId, attemptKey),
      baseURL: changes.baseURL ?? fake.baseURL,
    });

  const filing = (clientState: string, changes: Partial<SendFax> = {}): SendFax => ({
    to: irsFax,
    from: ownFax,
    document,
    clientState,
    filingId: 41,
    orderId: 7,
    ...changes,
  });

  beforeAll(async () => {
    fake = await startFakeTelnyx();
    mediaHost = await startMediaHost();
    provider = providerWith();
  });

  afterAll(async () => {
    await fake.close();
    await mediaHost.close();
  });

  beforeEach(() => {
    fake.requests.length = 0;
  });

  describe('send', () => {
    it('hands the fax to Telnyx, which fetches the document from the published link; its client state comes back', async () => {
      const sent = await provider.send(filing('filing-41/attempt-1'));

      expect(sent).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        direction: 'outbound',
        status: 'queued',
        to: irsFax,
        from: ownFax,
        pages: null,
        failureReason: null,
        clientState: 'filing-41/attempt-1',
      });
      // The fake fetched the document from the link the provider published, and holds the same bytes.
      expect(mediaHost.published.at(-1)).toMatchObject({ filingId: 41 });
      expect(mediaHost.fetched).toHaveLength(mediaHost.published.length);
      expect(fake.media.get(sent.id)).toEqual(document);

      const create = fake.requests.find((request) => request.method === 'POST' && request.path === '/v2/faxes');
      expect(create?.authorization).toBe(`Bearer ${fake.apiKey}`);
      expect(create?.body).toEqual({
        connection_id: fake.connectionId,
        from: ownFax,
        to: irsFax,
        media_url: mediaHost.published.at(-1)?.url,
        client_state: Buffer.from('filing-41/attempt-1').toString('base64'),
        monochrome: true,
        quality: 'high',
      });

      const again = await provider.retrieve(sent.id);
      expect(again).toMatchObject({ id: sent.id, clientState: 'filing-41/attempt-1', direction: 'outbound', status: 'queued' });
    });

    it('sends the attempt\'s key as the Idempotency-Key: the same attempt sent again is the same fax, made once', async () => {
      const before = fake.faxes.size;
      const key = randomUUID();
      const first = await provider.send(filing(key));
      const again = await provider.send(filing(key));

      expect(again.id).toBe(first.id);
      expect(fake.faxes.size).toBe(before + 1);
      const creates = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v2/faxes');
      expect(creates.map((request) => request.idempotencyKey)).toEqual([key, key]);
      // Byte for byte the same request: the same link to the document, so Telnyx answers the first fax.
      expect(creates[1]?.body).toEqual(creates[0]?.body);

      // A key Telnyx would not take as it is (not letters, digits, -, _ or :) goes as its hash, the same each time.
      await provider.send(filing('filing-41/attempt-9'));
      await provider.send(filing('filing-41/attempt-9'));
      const hashed = fake.requests.filter((request) => request.method === 'POST').slice(-2).map((request) => request.idempotencyKey);
      expect(hashed[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hashed[1]).toBe(hashed[0]);
      expect(fake.faxes.size).toBe(before + 2);
    });

    it('a fax whose document Telnyx could not fetch reads as failed with file_download_failed', async () => {
      const sent = await createTelnyxFaxProvider({
        apiKey: fake.apiKey,
        publicKey: fake.publicKey,
        connectionId: fake.connectionId,
        publishMedia: async () => `${fake.baseURL.replace('/v2', '')}/media/${randomUUID()}.pdf`,
        baseURL: fake.baseURL,
      }).send(filing('filing-41/attempt-lost-media'));

      expect(fake.media.has(sent.id)).toBe(false);
      expect(await provider.retrieve(sent.id)).toMatchObject({ status: 'failed', failureReason: 'file_download_failed' });
    });

    it('a fax Telnyx refuses (422) is not tried again, and changes nothing there', async () => {
      const before = fake.faxes.size;
      const refusals = [
        provider.send(filing('filing-41/bad-number', { to: '855-814-4853' })),
        providerWith({ connectionId: '999' }).send(filing('filing-41/bad-connection')),
        providerWith({ apiKey: 'KEY_wrong' }).send(filing('filing-41/bad-key')),
      ];
      for (const refusal of refusals) {
        const error = await refusal.catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(FaxSendError);
        expect((error as FaxSendError).retryable).toBe(false);
      }
      expect(fake.faxes.size).toBe(before);
      const answers = fake.requests.filter((request) => request.method === 'POST');
      expect(answers).toHaveLength(3);
      await expect(refusals[0]).rejects.toThrow('Telnyx refused the fax (422)');
      await expect(refusals[2]).rejects.toThrow('Telnyx refused the fax (401)');
    });

    it('Telnyx failing (500), throttling (429) or out of reach is worth another try', async () => {
      const before = fake.faxes.size;
      fake.failNextCreates(1, 500);
      const failed = await provider.send(filing('filing-41/attempt-500')).catch((caught: unknown) => caught);
      expect(failed).toBeInstanceOf(FaxSendError);
      // Telnyx's own failure may come after the fax was made: the next try asks for it first.
      expect(failed).toMatchObject({ retryable: true, mayHaveReached: true });

      fake.failNextCreates(1, 429);
      const throttled = await provider.send(filing('filing-41/attempt-429')).catch((caught: unknown) => caught);
      expect(throttled).toBeInstanceOf(FaxSendError);
      expect(throttled).toMatchObject({ retryable: true, mayHaveReached: false });
      expect(fake.faxes.size).toBe(before);

      // A port nothing listens on.
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      const unreachable = await providerWith({ baseURL: `http://127.0.0.1:${port}/v2` })
        .send(filing('filing-41/attempt-unreachable'))
        .catch((caught: unknown) => caught);
      expect(unreachable).toBeInstanceOf(FaxSendError);
      expect(unreachable).toMatchObject({ retryable: true, mayHaveReached: true, message: expect.stringContaining('could not be reached') });

      // The next call goes through again.
      expect(await provider.send(filing('filing-41/attempt-after'))).toMatchObject({ status: 'queued', clientState: 'filing-41/attempt-after' });
    });
  });

  describe('retrieve', () => {
    it('reads a delivered fax with its pages, a failed one with its reason, and the stages before', async () => {
      const delivered = await provider.send(filing('filing-42/attempt-1', { filingId: 42 }));
      const failed = await provider.send(filing('filing-43/attempt-1', { filingId: 43 }));

      expect(await provider.retrieve(delivered.id)).toMatchObject({ status: 'queued', pages: null });
      fake.faxes.get(delivered.id)!.status = 'sending';
      expect(await provider.retrieve(delivered.id)).toMatchObject({ status: 'sending' });

      fake.deliver(delivered.id, 3);
      fake.fail(failed.id, 'user_busy', 1);

      expect(await provider.retrieve(delivered.id)).toEqual({
        id: delivered.id,
        direction: 'outbound',
        status: 'delivered',
        to: irsFax,
        from: ownFax,
        pages: 3,
        failureReason: null,
        clientState: 'filing-42/attempt-1',
      });
      expect(await provider.retrieve(failed.id)).toMatchObject({ status: 'failed', failureReason: 'user_busy', pages: 1, clientState: 'filing-43/attempt-1' });
      expect(fake.requests.filter((request) => request.method === 'GET' && request.path === `/v2/faxes/${delivered.id}`)).toHaveLength(3);
    });

    it('answers null for a fax Telnyx does not know', async () => {
      expect(await provider.retrieve(randomUUID())).toBeNull();
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', authorization: `Bearer ${fake.apiKey}` });
    });

    it('reads a received fax as inbound and received', async () => {
      const received = fake.receive({ from: irsFax, to: ownFax, document });
      expect(await provider.retrieve(received.id)).toEqual({
        id: received.id,
        direction: 'inbound',
        status: 'received',
        to: ownFax,
        from: irsFax,
        pages: 2,
        failureReason: null,
        clientState: null,
      });
    });
  });

  describe('findByClientState', () => {
    it('finds the attempt among several pages of faxes sent since, and only outbound ones', async () => {
      const since = new Date(Date.now() - 60_000);
      const wanted = 'filing-50/attempt-2';
      // The same state on a fax from before `since` and on a newer inbound one: neither is the attempt.
      fake.addOutbound({ from: ownFax, to: irsFax, clientState: Buffer.from(wanted).toString('base64'), createdAt: new Date(since.getTime() - 1000) });
      const inbound = fake.receive({ from: irsFax, to: ownFax, document, createdAt: new Date(since.getTime() + 3000) });
      fake.faxes.get(inbound.id)!.client_state = Buffer.from(wanted).toString('base64');

      const attempt = await provider.send(filing(wanted, { filingId: 50 }));
      fake.faxes.get(attempt.id)!.created_at = new Date(since.getTime() + 2000).toISOString();
      for (let index = 0; index < 45; index += 1) {
        fake.addOutbound({ from: ownFax, to: irsFax, clientState: Buffer.from(`filing-${100 + index}/attempt-1`).toString('base64') });
      }
      fake.requests.length = 0;

      expect(await provider.findByClientState(wanted, since)).toMatchObject({ id: attempt.id, clientState: wanted, direction: 'outbound' });

      // Newest first, 20 a page: the attempt is on a later page, reached through Telnyx's own pagination.
      const lists = fake.requests.filter((request) => request.method === 'GET' && request.path === '/v2/faxes');
      expect(lists.length).toBeGreaterThanOrEqual(3);
      expect(lists.map((request) => request.query.get('page[number]'))).toEqual([null, ...lists.slice(1).map((_, index) => String(index + 2))]);
      for (const request of lists) {
        expect(request.query.get('filter[created_at][gte]')).toBe(since.toISOString());
        expect(request.query.get('filter[direction][eq]')).toBe('outbound');
      }
    });

    it('answers null when no fax since then carries that state, after reading every page', async () => {
      const since = new Date(Date.now() - 3_600_000);
      fake.requests.length = 0;
      expect(await provider.findByClientState('filing-404/attempt-1', since)).toBeNull();

      const lists = fake.requests.filter((request) => request.path === '/v2/faxes');
      const outboundSince = [...fake.faxes.values()].filter((fax) => fax.direction === 'outbound' && Date.parse(fax.created_at) >= since.getTime());
      expect(lists).toHaveLength(Math.ceil(outboundSince.length / 20));

      // The fax before `since` carrying the state is not taken for the attempt.
      expect(await provider.findByClientState('filing-50/attempt-2', new Date(Date.now() + 60_000))).toBeNull();
    });
  });

  describe('download', () => {
    it("fetches a received fax's document", async () => {
      const reply = new TextEncoder().encode('%PDF-1.4\n% the IRS answers with an EIN\n%%EOF\n');
      const received = fake.receive({ from: irsFax, to: ownFax, document: reply });
      expect(await provider.download(received.id)).toEqual(reply);
    });

    it('fails for a fax Telnyx does not know', async () => {
      await expect(provider.download(randomUUID())).rejects.toThrow(/has no document/);
    });
  });

  describe('verifyWebhook', () => {
    const eventFor = async (eventType = 'fax.delivered') => {
      const sent = await provider.send(filing(`filing-60/${randomUUID()}`, { filingId: 60 }));
      fake.deliver(sent.id, 2);
      return { faxId: sent.id, event: fake.eventFor(eventType, sent.id) };
    };

    const refusal = (rawBody: string, headers: Record<string, string | undefined>) =>
      provider.verifyWebhook(rawBody, headers).then(
        () => null,
        (error: unknown) => error,
      );

    it("accepts Telnyx's signed event and names the event and the fax", async () => {
      const { faxId, event } = await eventFor();
      const call = fake.signWebhook(event);
      expect(await provider.verifyWebhook(call.rawBody, call.headers)).toEqual({ eventId: event.data.id, faxId });

      // Header names as a Node server may pass them on, in any case.
      const shouting = Object.fromEntries(Object.entries(call.headers).map(([name, value]) => [name.toUpperCase(), value]));
      expect(await provider.verifyWebhook(call.rawBody, shouting)).toEqual({ eventId: event.data.id, faxId });
    });

    it('accepts a received fax event', async () => {
      const received = fake.receive({ from: irsFax, to: ownFax, document });
      const call = fake.signWebhook(fake.eventFor('fax.received', received.id));
      expect(await provider.verifyWebhook(call.rawBody, call.headers)).toMatchObject({ faxId: received.id });
    });

    it('refuses an unsigned call, one signed with another key, a body changed after signing and a missing timestamp (401)', async () => {
      const { event } = await eventFor();
      const call = fake.signWebhook(event);
      const other = fake.signWebhook(event, { privateKey: generateTelnyxSigningKey().privateKey });

      const cases: [string, Record<string, string | undefined>][] = [
        [call.rawBody, { 'content-type': 'application/json' }],
        [other.rawBody, other.headers],
        [call.rawBody.replace('"fax.delivered"', '"fax.failed"'), call.headers],
        [call.rawBody, { ...call.headers, 'telnyx-timestamp': undefined }],
        [call.rawBody, { ...call.headers, 'telnyx-signature-ed25519': 'not a signature' }],
      ];
      for (const [rawBody, headers] of cases) {
        const error = await refusal(rawBody, headers);
        expect(error).toBeInstanceOf(FaxWebhookRefused);
        expect(error).toMatchObject({ status: 401 });
      }
    });

    it('refuses a correctly signed event ten minutes old as stale (400)', async () => {
      const { event } = await eventFor();
      const call = fake.signWebhook(event, { timestamp: Math.floor(Date.now() / 1000) - 600 });
      const error = await refusal(call.rawBody, call.headers);
      expect(error).toBeInstanceOf(FaxWebhookRefused);
      expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/too old/) });
    });

    it('refuses a signed event that names no fax, or is not JSON (400)', async () => {
      const nameless = fake.signWebhook({
        data: { event_type: 'fax.delivered', id: randomUUID(), occurred_at: new Date().toISOString(), payload: { status: 'delivered' }, record_type: 'event' },
        meta: { attempt: 1, delivered_to: 'https://example.com/webhooks/telnyx' },
      });
      // Signed, but no event: a body that is not JSON, and JSON that is not an object.
      for (const call of [nameless, fake.signRawBody('not json'), fake.signRawBody('"fax.delivered"'), fake.signRawBody('null')]) {
        const error = await refusal(call.rawBody, call.headers);
        expect(error).toBeInstanceOf(FaxWebhookRefused);
        expect(error).toMatchObject({ status: 400 });
      }
    });
  });
});
