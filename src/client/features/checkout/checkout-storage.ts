import { checkoutStorageKeys } from '#shared/checkout/checkout-messages.ts';

// What step 6 keeps in sessionStorage beside the saved application: the draft id that ties repeated
// checkout calls to one payment intent, and, once paid, the tracking number and payment reference
// the confirmation page reads when the provider's redirect carries no query.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function readKey(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch (error) {
    console.error(`Could not read ${key} from the session`, error);
    return null;
  }
}

function writeKey(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch (error) {
    console.error(`Could not save ${key} in the session`, error);
  }
}

function removeKey(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch (error) {
    console.error(`Could not remove ${key} from the session`, error);
  }
}

/** A version 4 UUID; `randomUUID` only exists in secure contexts, so fall back to random bytes. */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The draft id of this application's checkout, created on first use and kept for the session. */
export function getOrCreateDraftId(): string {
  const saved = readKey(checkoutStorageKeys.draftId);
  if (saved && uuidPattern.test(saved)) return saved;
  const draftId = randomUuid();
  writeKey(checkoutStorageKeys.draftId, draftId);
  return draftId;
}

/** Forgets the draft id, so the next application starts a new checkout. */
export function clearCheckoutDraft(): void {
  removeKey(checkoutStorageKeys.draftId);
}

/** Remembers the tracking number and the payment reference of a payment. */
export function savePaymentResult(result: { trackingNumber: string; paymentIntentId: string }): void {
  writeKey(checkoutStorageKeys.trackingNumber, result.trackingNumber);
  writeKey(checkoutStorageKeys.paymentReference, result.paymentIntentId);
}

/** The payment intent id of the last payment attempt, or null. */
export function readPaymentReference(): string | null {
  return readKey(checkoutStorageKeys.paymentReference) || null;
}

/** The tracking number of the last payment attempt, or null. */
export function readTrackingNumber(): string | null {
  return readKey(checkoutStorageKeys.trackingNumber) || null;
}
