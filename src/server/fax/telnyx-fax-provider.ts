import { createHash } from 'node:crypto';
import Telnyx, { APIError } from 'telnyx';
import { TelnyxWebhookVerificationError } from 'telnyx/lib/webhooks';
import { FaxSendError, FaxWebhookRefused, type FaxProvider, type ProviderFax } from './provider';

// Telnyx Programmable Fax (decision 043), through its official SDK. Telnyx fetches the document from a
// URL: `publishMedia` makes a short-lived link to it (the filing module's media route), one per attempt.
// Its webhooks are signed with Ed25519 over `timestamp|body`; the SDK checks the signature and refuses a
// timestamp more than five minutes off. Every event is only a hint: the fax is read again from the API.
// Each send carries its attempt's key twice: as `client_state`, by which an attempt whose answer was
// lost is found in the list of faxes, and as the `Idempotency-Key`, on which Telnyx deduplicates a
// repeated request (the same key, path and body) for a day.

export type TelnyxFaxProviderOptions = {
  apiKey: string;
  /** The webhook signing key (base64 Ed25519 public key). */
  publicKey: string;
  /** The fax application (connection) that sends. */
  connectionId: string;
  /** Where Telnyx fetches the filing's document from: a link that works for a few minutes. */
  publishMedia: (document: Uint8Array, filingId: number, attemptKey: string) => Promise<string>;
  /** Another API address than Telnyx's own (tests point the SDK at a local fake). */
  baseURL?: string;
};

type TelnyxFax = {
  id?: string;
  direction?: 'inbound' | 'outbound';
  status?: string;
  to?: string;
  from?: string;
  failure_reason?: string | null;
  client_state?: string;
  page_count?: number | null;
  media_url?: string;
  stored_media_url?: string;
};

/** Telnyx's many statuses as the four a filing needs (and `received` for an inbound fax). */
function statusOf(status: string | undefined): ProviderFax['status'] {
  switch (status) {
    case 'delivered':
      return 'delivered';
    case 'failed':
      return 'failed';
    case 'received':
      return 'received';
    case 'sending':
    case 'originated':
      return 'sending';
    default:
      return 'queued';
  }
}

/** Telnyx's idempotency keys are 1 to 255 of `A-Z a-z 0-9 _ : -`: the attempt's key itself (a UUID), else its hash. */
const idempotencyKeyOf = (state: string) => (/^[A-Za-z0-9_:-]{1,255}$/.test(state) ? state : createHash('sha256').update(state).digest('base64url'));
const encodeState = (state: string) => Buffer.from(state, 'utf8').toString('base64');
const decodeState = (state: string | undefined) => (state ? Buffer.from(state, 'base64').toString('utf8') : null);

function asProviderFax(fax: TelnyxFax): ProviderFax {
  return {
    id: fax.id ?? '',
    direction: fax.direction === 'inbound' ? 'inbound' : 'outbound',
    status: statusOf(fax.status),
    to: fax.to ?? '',
    from: fax.from ?? '',
    pages: typeof fax.page_count === 'number' ? fax.page_count : null,
    failureReason: fax.failure_reason ?? null,
    clientState: decodeState(fax.client_state),
  };
}

export function createTelnyxFaxProvider(options: TelnyxFaxProviderOptions): FaxProvider {
  const client = new Telnyx({ apiKey: options.apiKey, publicKey: options.publicKey, maxRetries: 0, ...(options.baseURL ? { baseURL: options.baseURL } : {}) });

  async function retrieveRaw(id: string): Promise<TelnyxFax | null> {
    try {
      return ((await client.faxes.retrieve(id)).data ?? null) as TelnyxFax | null;
    } catch (error) {
      if (error instanceof APIError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    name: 'telnyx',

    async send(fax) {
      // The same link for every try of one attempt, so a repeated request is the same request byte for byte.
      const mediaUrl = await options.publishMedia(fax.document, fax.filingId, fax.clientState);
      try {
        const created = await client.faxes.create(
          {
            connection_id: options.connectionId,
            from: fax.from,
            to: fax.to,
            media_url: mediaUrl,
            client_state: encodeState(fax.clientState),
            monochrome: true,
            quality: 'high',
          },
          // Telnyx answers a repeat of this key (within a day) with the fax the first request made.
          { headers: { 'Idempotency-Key': idempotencyKeyOf(fax.clientState) } },
        );
        return asProviderFax((created.data ?? {}) as TelnyxFax);
      } catch (error) {
        if (error instanceof APIError && error.status !== undefined) {
          // Telnyx refused the request itself (4xx): the same request would be refused again. Too many
          // requests (429) is refused before anything is made; a failure of Telnyx's own (5xx) may come
          // after the fax was made.
          if (error.status === 429) throw new FaxSendError('Telnyx asked to slow down (429)', true);
          if (error.status >= 400 && error.status < 500) throw new FaxSendError(`Telnyx refused the fax (${error.status})`, false);
          throw new FaxSendError(`Telnyx failed to answer (${error.status})`, true, true);
        }
        // No answer at all (connection refused, broken or timed out): the request may have got through.
        throw new FaxSendError(error instanceof Error ? `Telnyx could not be reached: ${error.message}` : 'Telnyx could not be reached', true, true);
      }
    },

    async retrieve(id) {
      const fax = await retrieveRaw(id);
      return fax ? asProviderFax(fax) : null;
    },

    async findByClientState(clientState, since) {
      const wanted = encodeState(clientState);
      for await (const fax of client.faxes.list({ filter: { created_at: { gte: since.toISOString() }, direction: { eq: 'outbound' } } })) {
        if ((fax as TelnyxFax).client_state === wanted) return asProviderFax(fax as TelnyxFax);
      }
      return null;
    },

    async download(id) {
      const fax = await retrieveRaw(id);
      const url = fax?.media_url ?? fax?.stored_media_url;
      if (!url) throw new Error(`Telnyx has no document for fax ${id}`);
      const response = await fetch(url);
      if (!response.ok) throw new Error(`Fetching fax ${id}'s document answered ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },

    async verifyWebhook(rawBody, headers) {
      const plain: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') plain[name] = value;
      let event: { data?: { id?: string; event_type?: string; payload?: { fax_id?: string; id?: string } } } | null;
      try {
        event = (await client.webhooks.unwrap(rawBody, { headers: plain })) as typeof event;
      } catch (error) {
        if (error instanceof TelnyxWebhookVerificationError) {
          // A call that is not signed by Telnyx is unauthorised (a missing or malformed timestamp too: the
          // signature covers it); one that Telnyx signed long ago is a replay. The SDK tells them apart only
          // by its message.
          const stale = /too old or too new/i.test(error.message);
          throw new FaxWebhookRefused(stale ? 'The webhook is too old or too new.' : 'The webhook is not signed by Telnyx.', stale ? 400 : 401);
        }
        throw new FaxWebhookRefused('The webhook could not be read.', 400);
      }
      // A signed body may still be any JSON (`null`, a string): only an event object with ids counts.
      const eventId = event?.data?.id;
      const faxId = event?.data?.payload?.fax_id ?? event?.data?.payload?.id;
      if (!eventId || !faxId) throw new FaxWebhookRefused('The webhook names no fax.', 400);
      return { eventId, faxId };
    },
  };
}
