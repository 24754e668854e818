import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small local stand-in for the part of Telnyx's v2 API that fax sending uses, for tests that drive the
// official SDK (its `baseURL` option). It speaks Telnyx's wire format: JSON bodies, a bearer API key,
// `{ errors: [{ code, title, detail }] }` refusals, page[number]/page[size] pages with `meta`, and webhooks
// signed with Ed25519 over `timestamp|body`. Like Telnyx, it fetches a sent fax's document from its
// `media_url` when the fax is created; a received fax's document is served from the fake itself. A
// creation with an `Idempotency-Key` is kept for the key: the same key on the same path with the same
// body, byte for byte, answers the first creation again; with another body, 422. Only successful
// creations are kept, as Telnyx keeps them.

export type FakeFaxStatus = 'queued' | 'media.processed' | 'originated' | 'sending' | 'delivered' | 'failed' | 'received';

export type FakeFax = {
  id: string;
  record_type: 'fax';
  connection_id: string;
  direction: 'outbound' | 'inbound';
  from: string;
  to: string;
  media_url: string | null;
  stored_media_url: string | null;
  client_state: string | null;
  monochrome: boolean;
  quality: string;
  status: FakeFaxStatus;
  failure_reason: string | null;
  page_count: number | null;
  created_at: string;
  updated_at: string;
};

export type FakeTelnyxRequest = { method: string; path: string; query: URLSearchParams; body: unknown; authorization: string | null; idempotencyKey: string | null };

/** When the call is signed (unix seconds; default now) and with which key (default the fake's own). */
export type SignOptions = { timestamp?: number; privateKey?: KeyObject };

export type FakeWebhookCall = { rawBody: string; headers: Record<string, string> };

export type FakeTelnyxEvent = {
  data: {
    event_type: string;
    id: string;
    occurred_at: string;
    payload: Record<string, unknown>;
    record_type: 'event';
  };
  meta: { attempt: number; delivered_to: string };
};

export type FakeTelnyx = {
  /** The address to give the SDK as `baseURL` (ends in `/v2`). */
  baseURL: string;
  port: number;
  apiKey: string;
  connectionId: string;
  /** The webhook signing key as the SDK's `publicKey` option takes it: the raw 32-byte Ed25519 key, base64. */
  publicKey: string;
  close: () => Promise<void>;
  faxes: Map<string, FakeFax>;
  /** The documents Telnyx holds: fetched from a sent fax's media_url, or a received fax's. */
  media: Map<string, Uint8Array>;
  requests: FakeTelnyxRequest[];
  /** The next `count` fax creations answer `status` (500: Telnyx's trouble, 429: too many requests). */
  failNextCreates: (count: number, status: 500 | 429) => void;
  /**
   * The next `count` fax creations are made, but their answers are held until `close` (as if the answer
   * were lost on the way): a crash test kills the caller while it waits. `heldAnswers` counts them.
   */
  holdNextAnswers: (count: number) => void;
  heldAnswers: () => number;
  /** Moves an outbound fax to its end, as the far machine answered. */
  deliver: (id: string, pageCount: number) => FakeFax;
  fail: (id: string, failureReason: string, pageCount?: number) => FakeFax;
  /** A fax received on the account's number, its document served by the fake (`media_url`, `stored_media_url`). */
  receive: (input: { from: string; to: string; document: Uint8Array; pageCount?: number; createdAt?: Date }) => FakeFax;
  /** A fax as if sent earlier (another process, another day), without fetching a document. */
  addOutbound: (input: { from: string; to: string; clientState?: string | null; createdAt?: Date; status?: FakeFaxStatus }) => FakeFax;
  /** Telnyx's webhook event for a fax as it is now (`fax.delivered`, `fax.failed`, `fax.received`, ...). */
  eventFor: (eventType: string, faxId: string) => FakeTelnyxEvent;
  /** A webhook call as Telnyx makes it: the body and its signature headers (by default signed now with the fake's key). */
  signWebhook: (event: unknown, options?: SignOptions) => FakeWebhookCall;
  /** The same for a body given as sent, byte for byte (JSON or not). */
  signRawBody: (rawBody: string, options?: SignOptions) => FakeWebhookCall;
  /** Signs `event` and posts it to `url`, as Telnyx delivers webhooks; answers the receiver's status. */
  postWebhook: (url: string, event: unknown) => Promise<number>;
};

/** An Ed25519 key pair, with the public key in the form Telnyx's portal shows it (raw 32 bytes, base64). */
export function generateTelnyxSigningKey(): { privateKey: KeyObject; publicKey: string } {
  const pair = generateKeyPairSync('ed25519');
  const jwk = pair.publicKey.export({ format: 'jwk' });
  return { privateKey: pair.privateKey, publicKey: Buffer.from(jwk.x ?? '', 'base64url').toString('base64') };
}

class TelnyxHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { code: string; title: string; detail: string; source?: { pointer?: string; parameter?: string } }[],
  ) {
    super(errors[0]?.detail ?? errors[0]?.title ?? 'error');
  }
}

const invalid = (pointer: string, detail: string, code = '10015', title = 'Invalid value') =>
  new TelnyxHttpError(422, [{ code, title, detail, source: { pointer } }]);
const missingParameter = (pointer: string) =>
  new TelnyxHttpError(422, [{ code: '10004', title: 'Missing required parameter', detail: `The '${pointer.slice(1)}' parameter is required.`, source: { pointer } }]);
const notFound = () =>
  new TelnyxHttpError(404, [{ code: '10005', title: 'Resource not found', detail: 'The requested resource or URL could not be found.' }]);

const e164 = /^\+[1-9]\d{1,14}$/;
const sipUri = /^sips?:[^@\s]+@[^@\s]+$/;
const strictBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const qualities = new Set(['normal', 'high', 'very_high', 'ultra_light', 'ultra_dark']);

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Counts a PDF's pages as a fax machine would print them (`/Type /Page` objects); 1 for anything else. */
function pagesOf(document: Uint8Array): number {
  const text = Buffer.from(document).toString('latin1');
  return text.startsWith('%PDF') ? Math.max(1, (text.match(/\/Type\s*\/Page(?!s)/g) ?? []).length) : 1;
}

export async function startFakeTelnyx(options: { apiKey?: string; connectionId?: string } = {}): Promise<FakeTelnyx> {
  const apiKey = options.apiKey ?? `KEY${randomUUID().replaceAll('-', '').toUpperCase()}_fake`;
  const connectionId = options.connectionId ?? '1293384261075731499';
  const signing = generateTelnyxSigningKey();
  const faxes = new Map<string, FakeFax>();
  const media = new Map<string, Uint8Array>();
  const requests: FakeTelnyxRequest[] = [];
  const pendingFailures: (500 | 429)[] = [];
  /** Creations kept by their idempotency key: the body they came with and the fax they made. */
  const idempotent = new Map<string, { body: string; fax: FakeFax }>();
  let answersToHold = 0;
  let held = 0;
  const releaseHeld: (() => void)[] = [];
  let origin = '';
  /** Keeps creation order stable even when two faxes share a millisecond. */
  let sequence = 0;
  const order = new Map<string, number>();

  const now = () => new Date().toISOString();
  const store = (fax: FakeFax) => {
    faxes.set(fax.id, fax);
    order.set(fax.id, sequence++);
    return fax;
  };
  const faxOf = (id: string) => {
    const fax = faxes.get(id);
    if (!fax) throw new Error(`No such fake fax ${id}`);
    return fax;
  };

  async function createFax(body: unknown): Promise<FakeFax> {
    const failure = pendingFailures.shift();
    if (failure === 429) throw new TelnyxHttpError(429, [{ code: '10011', title: 'Too many requests', detail: 'You have exceeded the rate limit.' }]);
    if (failure === 500) throw new TelnyxHttpError(500, [{ code: '10007', title: 'Unexpected error', detail: 'An unexpected error occurred.' }]);

    if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('/', 'The request body must be a JSON object.');
    const params = body as Record<string, unknown>;
    for (const field of ['connection_id', 'from', 'to'] as const) {
      if (typeof params[field] !== 'string' || params[field] === '') throw missingParameter(`/${field}`);
    }
    const { connection_id: connection, from, to } = params as Record<'connection_id' | 'from' | 'to', string>;
    if (connection !== connectionId) throw invalid('/connection_id', `Connection '${connection}' does not exist or is not a fax application.`, '10006', 'Invalid ID');
    if (!e164.test(from)) throw invalid('/from', 'The phone number must be in +E.164 format.', '10016', 'Phone number must be in +E.164 format');
    if (!e164.test(to) && !sipUri.test(to)) throw invalid('/to', 'The phone number must be in +E.164 format or a SIP URI.', '10016', 'Phone number must be in +E.164 format');
    const mediaUrl = params.media_url;
    if (params.media_name !== undefined) throw invalid('/media_name', 'No media with this name was uploaded to this account.');
    if (typeof mediaUrl !== 'string' || mediaUrl === '') throw missingParameter('/media_url');
    if (!URL.canParse(mediaUrl) || !/^https?:$/.test(new URL(mediaUrl).protocol)) throw invalid('/media_url', 'The media_url must be an http(s) URL.');
    const clientState = params.client_state;
    if (clientState !== undefined && (typeof clientState !== 'string' || !strictBase64.test(clientState))) {
      throw invalid('/client_state', 'The client_state must be a valid Base-64 encoded string.');
    }
    if (params.monochrome !== undefined && typeof params.monochrome !== 'boolean') throw invalid('/monochrome', 'The monochrome flag must be a boolean.');
    if (params.quality !== undefined && (typeof params.quality !== 'string' || !qualities.has(params.quality))) {
      throw invalid('/quality', `The quality must be one of ${[...qualities].join(', ')}.`);
    }

    const at = now();
    const fax = store({
      id: randomUUID(),
      record_type: 'fax',
      connection_id: connection,
      direction: 'outbound',
      from,
      to,
      media_url: mediaUrl,
      stored_media_url: null,
      client_state: (clientState as string | undefined) ?? null,
      monochrome: params.monochrome === true,
      quality: (params.quality as string | undefined) ?? 'high',
      status: 'queued',
      failure_reason: null,
      page_count: null,
      created_at: at,
      updated_at: at,
    });
    const answer = { ...fax };
    // Telnyx downloads the document itself; one it cannot fetch fails the fax.
    try {
      const response = await fetch(mediaUrl, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`media answered ${response.status}`);
      media.set(fax.id, new Uint8Array(await response.arrayBuffer()));
      fax.status = 'media.processed';
    } catch {
      Object.assign(fax, { status: 'failed', failure_reason: 'file_download_failed', updated_at: now() });
    }
    return answer;
  }

  function listFaxes(query: URLSearchParams) {
    const number = query.get('page[number]') ?? '1';
    const size = query.get('page[size]') ?? '20';
    if (!/^\d+$/.test(number) || Number(number) < 1) {
      throw new TelnyxHttpError(400, [{ code: '10015', title: 'Invalid value', detail: 'page[number] must be a positive integer.', source: { parameter: 'page[number]' } }]);
    }
    if (!/^\d+$/.test(size) || Number(size) < 1 || Number(size) > 250) {
      throw new TelnyxHttpError(400, [{ code: '10015', title: 'Invalid value', detail: 'page[size] must be between 1 and 250.', source: { parameter: 'page[size]' } }]);
    }
    const bounds: [string, (created: number, bound: number) => boolean][] = [
      ['gte', (created, bound) => created >= bound],
      ['gt', (created, bound) => created > bound],
      ['lte', (created, bound) => created <= bound],
      ['lt', (created, bound) => created < bound],
    ];
    const tests: ((fax: FakeFax) => boolean)[] = [];
    for (const [operator, holds] of bounds) {
      const value = query.get(`filter[created_at][${operator}]`);
      if (value === null) continue;
      const bound = Date.parse(value);
      if (Number.isNaN(bound)) {
        throw new TelnyxHttpError(400, [
          { code: '10015', title: 'Invalid value', detail: 'Must be an ISO 8601 date time.', source: { parameter: `filter[created_at][${operator}]` } },
        ]);
      }
      tests.push((fax) => holds(Date.parse(fax.created_at), bound));
    }
    const direction = query.get('filter[direction][eq]');
    if (direction !== null) {
      if (direction !== 'inbound' && direction !== 'outbound') {
        throw new TelnyxHttpError(400, [{ code: '10015', title: 'Invalid value', detail: 'Must be inbound or outbound.', source: { parameter: 'filter[direction][eq]' } }]);
      }
      tests.push((fax) => fax.direction === direction);
    }
    for (const field of ['from', 'to'] as const) {
      const value = query.get(`filter[${field}][eq]`);
      if (value !== null) tests.push((fax) => fax[field] === value);
    }
    // Newest first, as Telnyx lists them.
    const matching = [...faxes.values()]
      .filter((fax) => tests.every((holds) => holds(fax)))
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || (order.get(b.id) ?? 0) - (order.get(a.id) ?? 0));
    const pageNumber = Number(number);
    const pageSize = Number(size);
    return {
      data: matching.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      meta: { total_pages: Math.ceil(matching.length / pageSize), total_results: matching.length, page_number: pageNumber, page_size: pageSize },
    };
  }

  async function handle(request: IncomingMessage): Promise<{ status: number; body: unknown; bytes?: Uint8Array }> {
    const url = new URL(request.url ?? '/', 'http://fake.telnyx');
    const text = await readBody(request);
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        throw new TelnyxHttpError(400, [{ code: '10015', title: 'Invalid value', detail: 'The request body is not valid JSON.' }]);
      }
    }
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, body, authorization: request.headers.authorization ?? null, idempotencyKey });

    // A received fax's document: a temporary link that needs no key, as Telnyx's storage links.
    const mediaPath = /^\/media\/([0-9a-f-]{36})\.pdf$/.exec(url.pathname);
    if (request.method === 'GET' && mediaPath) {
      const bytes = media.get(mediaPath[1] ?? '');
      if (!bytes) return { status: 404, body: null, bytes: new Uint8Array() };
      return { status: 200, body: null, bytes };
    }

    if (!url.pathname.startsWith('/v2/')) throw notFound();
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      throw new TelnyxHttpError(401, [{ code: '10009', title: 'Authentication failed', detail: 'Could not understand the provided credentials.' }]);
    }
    if (request.method === 'POST' && url.pathname === '/v2/faxes') {
      if (idempotencyKey !== null && !/^[A-Za-z0-9_:-]{1,255}$/.test(idempotencyKey)) {
        throw new TelnyxHttpError(422, [{ code: '10015', title: 'Invalid value', detail: 'The Idempotency-Key must be 1 to 255 letters, digits, hyphens, underscores or colons.' }]);
      }
      const kept = idempotencyKey === null ? undefined : idempotent.get(idempotencyKey);
      if (kept && kept.body !== text) {
        throw new TelnyxHttpError(422, [{ code: '10015', title: 'Idempotency key reused', detail: 'This Idempotency-Key was used with another request.' }]);
      }
      const fax = kept?.fax ?? (await createFax(body));
      if (idempotencyKey !== null && !kept) idempotent.set(idempotencyKey, { body: text, fax: { ...fax } });
      if (answersToHold > 0) {
        answersToHold -= 1;
        held += 1;
        await new Promise<void>((resolve) => releaseHeld.push(resolve));
      }
      return { status: 202, body: { data: kept ? kept.fax : fax } };
    }
    if (request.method === 'GET' && url.pathname === '/v2/faxes') return { status: 200, body: listFaxes(url.searchParams) };
    const one = /^\/v2\/faxes\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const fax = faxes.get(decodeURIComponent(one[1] ?? ''));
      if (!fax) throw notFound();
      return { status: 200, body: { data: fax } };
    }
    throw notFound();
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    handle(request)
      .catch((error: unknown) => {
        if (error instanceof TelnyxHttpError) return { status: error.status, body: { errors: error.errors } as unknown };
        return { status: 500, body: { errors: [{ code: '10007', title: 'Unexpected error', detail: String(error) }] } as unknown };
      })
      .then(({ status, body, bytes }: { status: number; body: unknown; bytes?: Uint8Array }) => {
        if (bytes) {
          response.writeHead(status, { 'content-type': 'application/pdf' });
          response.end(bytes);
          return;
        }
        response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': randomUUID() });
        response.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  function finish(id: string, changes: Partial<FakeFax>): FakeFax {
    const fax = faxOf(id);
    if (fax.direction !== 'outbound') throw new Error(`Fake fax ${id} is not outbound`);
    return Object.assign(fax, changes, { updated_at: now() });
  }

  function signRawBody(rawBody: string, signOptions: SignOptions = {}): FakeWebhookCall {
    const timestamp = String(signOptions.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = sign(null, Buffer.from(`${timestamp}|${rawBody}`, 'utf8'), signOptions.privateKey ?? signing.privateKey).toString('base64');
    return {
      rawBody,
      headers: { 'content-type': 'application/json', 'telnyx-signature-ed25519': signature, 'telnyx-timestamp': timestamp, 'user-agent': 'telnyx-webhooks' },
    };
  }

  return {
    baseURL: `${origin}/v2`,
    port,
    apiKey,
    connectionId,
    publicKey: signing.publicKey,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const release of releaseHeld.splice(0)) release();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    faxes,
    media,
    requests,
    failNextCreates(count, status) {
      for (let index = 0; index < count; index += 1) pendingFailures.push(status);
    },
    holdNextAnswers(count) {
      answersToHold += count;
    },
    heldAnswers: () => held,
    deliver(id, pageCount) {
      return finish(id, { status: 'delivered', page_count: pageCount, failure_reason: null });
    },
    fail(id, failureReason, pageCount) {
      return finish(id, { status: 'failed', failure_reason: failureReason, page_count: pageCount ?? null });
    },
    receive({ from, to, document, pageCount, createdAt }) {
      const id = randomUUID();
      const at = (createdAt ?? new Date()).toISOString();
      const link = `${origin}/media/${id}.pdf`;
      media.set(id, document);
      return store({
        id,
        record_type: 'fax',
        connection_id: connectionId,
        direction: 'inbound',
        from,
        to,
        media_url: link,
        stored_media_url: link,
        client_state: null,
        monochrome: false,
        quality: 'high',
        status: 'received',
        failure_reason: null,
        page_count: pageCount ?? pagesOf(document),
        created_at: at,
        updated_at: at,
      });
    },
    addOutbound({ from, to, clientState, createdAt, status }) {
      const at = (createdAt ?? new Date()).toISOString();
      return store({
        id: randomUUID(),
        record_type: 'fax',
        connection_id: connectionId,
        direction: 'outbound',
        from,
        to,
        media_url: `${origin}/media/elsewhere.pdf`,
        stored_media_url: null,
        client_state: clientState ?? null,
        monochrome: true,
        quality: 'high',
        status: status ?? 'delivered',
        failure_reason: null,
        page_count: status === undefined || status === 'delivered' ? 1 : null,
        created_at: at,
        updated_at: at,
      });
    },
    eventFor(eventType, faxId) {
      const fax = faxOf(faxId);
      const payload: Record<string, unknown> = {
        fax_id: fax.id,
        connection_id: fax.connection_id,
        direction: fax.direction,
        from: fax.from,
        to: fax.to,
        status: fax.status,
        client_state: fax.client_state ?? undefined,
        page_count: fax.page_count ?? undefined,
        user_id: '3e6f995f-85f7-4705-9741-53b116d28237',
      };
      if (fax.direction === 'outbound') payload.original_media_url = fax.media_url;
      else payload.media_url = fax.media_url;
      if (fax.status === 'failed') payload.failure_reason = fax.failure_reason;
      return {
        data: { event_type: eventType, id: randomUUID(), occurred_at: now(), payload, record_type: 'event' },
        meta: { attempt: 1, delivered_to: 'https://example.com/webhooks/telnyx' },
      };
    },
    signRawBody,
    signWebhook: (event, signOptions) => signRawBody(JSON.stringify(event), signOptions),
    async postWebhook(url, event) {
      const call = signRawBody(JSON.stringify(event));
      const response = await fetch(url, { method: 'POST', headers: call.headers, body: call.rawBody });
      await response.arrayBuffer();
      return response.status;
    },
  };
}
