// What the service needs from a fax provider (decision 043): send a document and learn how it went,
// find an attempt whose answer was lost, fetch a received fax, and check the provider's webhook calls.
// Telnyx in production; the built-in test transport otherwise, on the same code path.

export type ProviderFaxStatus = 'queued' | 'sending' | 'delivered' | 'failed' | 'received';

/** A fax as the provider holds it now: every change is read from here, never taken from an event. */
export type ProviderFax = {
  id: string;
  direction: 'outbound' | 'inbound';
  status: ProviderFaxStatus;
  to: string;
  from: string;
  pages: number | null;
  /** Why it failed, in the provider's words (`user_busy`, …); null unless failed. */
  failureReason: string | null;
  /** What the sender attached to it (the attempt's key); null for a received fax. */
  clientState: string | null;
};

export type SendFax = {
  /** E.164. */
  to: string;
  from: string;
  /** The PDF to send. */
  document: Uint8Array;
  /**
   * Names the attempt: the provider deduplicates on it (a send repeated with the same key is the same
   * fax), and an attempt whose answer was lost is found again by it (`findByClientState`).
   */
  clientState: string;
  /** The filing it sends, and its order (the provider's record, the media link's owner). */
  filingId: number;
  orderId: number;
};

/** A webhook call checked: which event it is, and which fax to read again. */
export type FaxEvent = { eventId: string; faxId: string };

export type FaxProvider = {
  readonly name: 'test' | 'telnyx';
  /**
   * Hands the fax to the provider, once per attempt key: a repeat with the same key answers the fax
   * the first one made. Throws `FaxSendError` when the provider refuses it or cannot be reached.
   */
  send(fax: SendFax): Promise<ProviderFax>;
  retrieve(id: string): Promise<ProviderFax | null>;
  /** The outbound fax sent since `since` with this client state, if the provider has one. */
  findByClientState(clientState: string, since: Date): Promise<ProviderFax | null>;
  /** A received fax's document (PDF). */
  download(id: string): Promise<Uint8Array>;
  /** Checks a webhook call (signature, time); throws `FaxWebhookRefused` when it is not the provider's. */
  verifyWebhook(rawBody: string, headers: Record<string, string | undefined>): Promise<FaxEvent>;
};

/**
 * The provider refused a fax, or could not be reached; `retryable` when trying again later may work,
 * `mayHaveReached` when the request may have reached the provider all the same (the connection broke,
 * the provider failed while answering): the next attempt then asks for it, under the same key, first.
 */
export class FaxSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly mayHaveReached = false,
  ) {
    super(message);
  }
}

/** A webhook call that is not the provider's (unsigned, badly signed) or is stale or malformed. */
export class FaxWebhookRefused extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401,
  ) {
    super(message);
  }
}

/**
 * Failures that another attempt may get past: a busy or silent line, a dropped call, the network. A fax
 * refused for its number, its file or the account is not tried again.
 */
export const retryableFailureReasons = new Set([
  'user_busy',
  'receiver_no_answer',
  'receiver_no_response',
  'receiver_call_dropped',
  'sender_call_dropped',
  'carrier_lost',
  'service_unavailable',
  'fax_signaling_error',
  'receiver_communication_error',
  'sender_communication_error',
  'receiver_recovery_on_timer_expire',
  'fax_initial_communication_timeout',
  'invalid_ecm_response_from_receiver',
  'destination_unreachable',
  'user_channel_limit_exceeded',
  'outbound_profile_channel_limit_exceeded',
  'connection_channel_limit_exceeded',
]);

export function isRetryableFailure(reason: string | null): boolean {
  return reason !== null && retryableFailureReasons.has(reason);
}

/** Failure reasons as staff read them on the order page. */
export function describeFailureReason(reason: string | null): string | null {
  if (reason === null) return null;
  const words: Record<string, string> = {
    user_busy: 'the line was busy',
    receiver_no_answer: 'no answer',
    receiver_no_response: 'no answer',
    receiver_call_dropped: 'the call dropped',
    carrier_lost: 'the carrier was lost',
    receiver_unallocated_number: 'the number does not exist',
    destination_invalid: 'the number is not valid',
    file_format_invalid: 'the document could not be read',
  };
  return words[reason] ?? reason.replaceAll('_', ' ');
}
