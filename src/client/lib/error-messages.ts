import type { ErrorCode } from '#shared/errors.ts';
import { m } from '#shared/i18n/messages.ts';
import { ApiError } from './api';

// What a customer's page says when a call to the server fails, in the page's language. The page
// decides on the code (STYLE.md); the server's own sentence is shown only for the codes whose
// sentence says more than the code can (which fields to correct, why a link ended, how long to wait,
// why the order cannot change), and the server writes it in the page's language too.

/** The codes a customer's page can meet, each with its sentence. Staff refusals are the panel's own. */
type CustomerErrorCode = Exclude<
  ErrorCode,
  | 'unauthorized'
  | 'invalid_credentials'
  | 'session_expired'
  | 'mfa_required'
  | 'invalid_code'
  | 'two_factor_expired'
  | 'password_change_required'
  | 'two_factor_enrolment_required'
  | 'step_up_required'
  | 'account_suspended'
  | 'access_denied'
  | 'permission_denied'
  | 'cross_origin'
  | 'order_already_signed'
  | 'customer_data_in_use'
  | 'order_changed'
  | 'refund_exceeds_payment'
  | 'order_not_refundable'
>;

const customerErrorTexts: Record<CustomerErrorCode | 'network_error', () => string> = {
  network_error: m.errors_connection,
  internal_error: m.errors_server,
  bad_request: m.errors_bad_request,
  validation_failed: m.errors_validation_failed,
  forbidden: m.errors_forbidden,
  not_found: m.errors_not_found,
  conflict: m.errors_conflict,
  rate_limited: m.errors_rate_limited,
  payload_too_large: m.errors_payload_too_large,
  signing_link_unavailable: m.errors_signing_link_unavailable,
  signing_not_verified: m.errors_signing_not_verified,
  signing_already_signed: m.errors_signing_already_signed,
  checkout_expired: m.checkout_expired,
  payment_provider_error: m.errors_payment_provider_error,
  cancellation_link_unavailable: m.errors_cancellation_link_unavailable,
  cancellation_window_closed: m.errors_cancellation_window_closed,
  document_link_unavailable: m.errors_document_link_unavailable,
  document_not_verified: m.errors_document_not_verified,
};

/** Codes whose server sentence carries the detail: the reason, the fields, the wait. */
const detailedCodes = new Set<ApiError['code']>([
  'bad_request',
  'validation_failed',
  'not_found',
  'conflict',
  'rate_limited',
  'signing_link_unavailable',
  'cancellation_window_closed',
  'document_link_unavailable',
  'payment_provider_error',
]);

function isCustomerCode(code: ApiError['code']): code is keyof typeof customerErrorTexts {
  return Object.hasOwn(customerErrorTexts, code);
}

/**
 * The sentence for a failed call on a customer's page: no connection and server faults in our words
 * (the server's text is not for the customer), the detailed refusals in the server's, the others by
 * their code. A failure in the page itself is told as a fault on our side.
 */
export function customerErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return m.errors_server();
  const server = error.message.trim();
  if (detailedCodes.has(error.code) && server) return server;
  return isCustomerCode(error.code) ? customerErrorTexts[error.code]() : server || m.errors_server();
}
