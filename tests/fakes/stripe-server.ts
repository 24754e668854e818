import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';

// A small local stand-in for Stripe's payment-intent API, for tests that drive the official SDK
// (`host`/`port`/`protocol` options). It speaks Stripe's wire format: form-encoded bodies with
// bracket keys, idempotency keys, expansion and Stripe's error JSON.

export type FakePaymentMethod = { id: string; object: 'payment_method'; type: string };

export type FakeLastPaymentError = { type: string; code?: string; decline_code?: string; message: string };

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  payment_method: FakePaymentMethod | null;
  last_payment_error: FakeLastPaymentError | null;
  created: number;
  livemode: false;
};

export type FakeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
};

export type FakeDispute = {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  created: number;
  livemode: false;
};

export type FakeRequest = { method: string; path: string; body: FormValue; idempotencyKey: string | null };

export type FakeStripe = {
  port: number;
  close: () => Promise<void>;
  intents: Map<string, FakeIntent>;
  requests: FakeRequest[];
  refunds: Map<string, FakeRefund>;
  disputes: Map<string, FakeDispute>;
  /** A refund made in Stripe's dashboard (not through the API this server calls). */
  refundFromDashboard: (paymentIntentId: string, amount: number) => FakeRefund;
  /** Opens a dispute on a succeeded payment, or moves one to another status. */
  setDispute: (id: string | null, changes: { paymentIntentId?: string; status: string }) => FakeDispute;
  /** Moves an intent along as Stripe would after the customer acts (paid, declined, ...). */
  setIntent: (id: string, changes: { status?: string; paymentMethodType?: string | null; lastPaymentError?: FakeLastPaymentError | null }) => FakeIntent;
};

type FormValue = string | FormValue[] | { [key: string]: FormValue };

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = (length = 24) => Array.from({ length }, () => base62[randomInt(62)]).join('');

/** `a[b][c]=1&list[]=x&list[]=y` (and `list[0]=x`) into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Record<string, FormValue> | FormValue[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const slot: string | number = Array.isArray(node) ? (segment === '' ? node.length : Number(segment)) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        return;
      }
      const nextIsList = path[index + 1] === '' || /^\d+$/.test(path[index + 1] ?? '');
      container[slot] ??= nextIsList ? [] : {};
      node = container[slot] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

const asList = (value: FormValue | undefined): string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : Object.values(value).filter((item): item is string => typeof item === 'string');

const asRecord = (value: FormValue | undefined): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (id: string) =>
  new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${id}'` });

/** The answer for one intent, with `payment_method` as an id unless it was expanded. */
function present(intent: FakeIntent, expand: string[]) {
  return { ...intent, payment_method: intent.payment_method && !expand.includes('payment_method') ? intent.payment_method.id : intent.payment_method };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const requests: FakeRequest[] = [];
  const refunds = new Map<string, FakeRefund>();
  const disputes = new Map<string, FakeDispute>();
  /** Refund idempotency key -> the first request's parameters and the refund it made. */
  const refundReplays = new Map<string, { params: unknown; refundId: string }>();

  const chargeOf = (intentId: string) => `ch_${intentId.slice(3)}`;
  const refundedOf = (intentId: string) =>
    [...refunds.values()].filter((refund) => refund.payment_intent === intentId && ['pending', 'succeeded'].includes(refund.status)).reduce((sum, refund) => sum + refund.amount, 0);

  function addRefund(intent: FakeIntent, amount: number, metadata: Record<string, string>): FakeRefund {
    const refund: FakeRefund = {
      id: `re_${randomId()}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: chargeOf(intent.id),
      status: 'succeeded',
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function createRefund(params: Record<string, FormValue>, idempotencyKey: string | null): FakeRefund {
    if (idempotencyKey) {
      const earlier = refundReplays.get(idempotencyKey);
      if (earlier && !isDeepStrictEqual(earlier.params, params)) {
        throw new StripeHttpError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` });
      }
      if (earlier) return refunds.get(earlier.refundId)!;
    }
    const intentId = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    const intent = intents.get(intentId);
    if (!intent) throw missing(intentId);
    if (intent.status !== 'succeeded') {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'charge_not_refundable', message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.` });
    }
    const remaining = intent.amount - refundedOf(intent.id);
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (remaining <= 0) {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${chargeOf(intent.id)} has already been refunded.` });
    }
    if (!Number.isInteger(amount) || amount <= 0) throw new StripeHttpError(400, { type: 'invalid_request_error', param: 'amount', message: 'Invalid positive integer' });
    if (amount > remaining) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      });
    }
    const refund = addRefund(intent, amount, asRecord(params.metadata));
    if (idempotencyKey) refundReplays.set(idempotencyKey, { params, refundId: refund.id });
    return refund;
  }
  /** Idempotency key -> the first request's parameters and the intent it made. */
  const replays = new Map<string, { params: unknown; intentId: string }>();

  function createIntent(params: Record<string, FormValue>, idempotencyKey: string | null): FakeIntent {
    if (idempotencyKey) {
      const earlier = replays.get(idempotencyKey);
      if (earlier && !isDeepStrictEqual(earlier.params, params)) {
        throw new StripeHttpError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (earlier) return intents.get(earlier.intentId)!;
    }
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    }
    if (typeof params.currency !== 'string') {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
    }
    const id = `pi_${randomId()}`;
    const automatic = params.automatic_payment_methods;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: params.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomId()}`,
      description: typeof params.description === 'string' ? params.description : null,
      metadata: asRecord(params.metadata),
      automatic_payment_methods: automatic && typeof automatic === 'object' && !Array.isArray(automatic) ? { enabled: automatic.enabled === 'true' } : null,
      payment_method: null,
      last_payment_error: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    intents.set(id, intent);
    if (idempotencyKey) replays.set(idempotencyKey, { params, intentId: id });
    return intent;
  }

  function updateIntent(id: string, params: Record<string, FormValue>): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw missing(id);
    if (['succeeded', 'processing', 'canceled'].includes(intent.status)) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.`,
      });
    }
    if (params.amount !== undefined) intent.amount = Number(params.amount);
    if (params.metadata !== undefined) intent.metadata = { ...intent.metadata, ...asRecord(params.metadata) };
    return intent;
  }

  function cancelIntent(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw missing(id);
    if (['succeeded', 'canceled'].includes(intent.status)) {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
      });
    }
    intent.status = 'canceled';
    return intent;
  }

  async function handle(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = parseStripeForm(request.method === 'GET' ? url.search.slice(1) : text);
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });

    if (!/^Bearer sk_test_\w+$/.test(request.headers.authorization ?? '')) {
      throw new StripeHttpError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
    }
    const expand = asList(body.expand);
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (cancel?.[1] && request.method === 'POST') return { status: 200, body: present(cancelIntent(decodeURIComponent(cancel[1])), expand) };
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?$/.exec(url.pathname);
    if (match && request.method === 'POST' && !match[1]) return { status: 200, body: present(createIntent(body, idempotencyKey), expand) };
    if (match?.[1] && request.method === 'POST') return { status: 200, body: present(updateIntent(decodeURIComponent(match[1]), body), expand) };
    if (match?.[1] && request.method === 'GET') {
      const id = decodeURIComponent(match[1]);
      const intent = intents.get(id);
      if (!intent) throw missing(id);
      return { status: 200, body: present(intent, expand) };
    }
    if (url.pathname === '/v1/refunds' && request.method === 'POST') return { status: 200, body: createRefund(body, idempotencyKey) };
    if (url.pathname === '/v1/refunds' && request.method === 'GET') {
      const intentId = typeof body.payment_intent === 'string' ? body.payment_intent : null;
      const data = [...refunds.values()].filter((refund) => intentId === null || refund.payment_intent === intentId).reverse();
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    const disputeMatch = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
    if (disputeMatch?.[1] && request.method === 'GET') {
      const id = decodeURIComponent(disputeMatch[1]);
      const dispute = disputes.get(id);
      if (!dispute) throw new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'dispute', message: `No such dispute: '${id}'` });
      return { status: 200, body: dispute };
    }
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    handle(request)
      .catch((error: unknown) => {
        if (error instanceof StripeHttpError) return { status: error.status, body: { error: error.body } };
        return { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
      })
      .then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomId(14)}` });
        response.end(JSON.stringify(body));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    intents,
    requests,
    refunds,
    disputes,
    refundFromDashboard(paymentIntentId, amount) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`No such fake intent ${paymentIntentId}`);
      return addRefund(intent, amount, {});
    },
    setDispute(id, { paymentIntentId, status }) {
      const existing = id ? disputes.get(id) : undefined;
      if (existing) {
        existing.status = status;
        return existing;
      }
      const intent = intents.get(paymentIntentId ?? '');
      if (!intent) throw new Error(`No such fake intent ${paymentIntentId}`);
      const dispute: FakeDispute = {
        id: id ?? `dp_${randomId()}`,
        object: 'dispute',
        amount: intent.amount,
        currency: intent.currency,
        charge: chargeOf(intent.id),
        payment_intent: intent.id,
        reason: 'fraudulent',
        status,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    setIntent(id, changes) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`No such fake intent ${id}`);
      if (changes.status !== undefined) intent.status = changes.status;
      if (changes.paymentMethodType !== undefined) {
        intent.payment_method = changes.paymentMethodType ? { id: `pm_${randomId()}`, object: 'payment_method', type: changes.paymentMethodType } : null;
      }
      if (changes.lastPaymentError !== undefined) intent.last_payment_error = changes.lastPaymentError;
      return intent;
    },
  };
}
