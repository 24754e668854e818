/**
 * Error codes the API answers with, in `{ error: { code, message } }`. The browser decides on the
 * code, never on the message text. The first nine are generic; the rest name a particular refusal.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'internal_error',
  // 401: a wrong e-mail or password at sign-in.
  'invalid_credentials',
  // 401: the session passed its absolute limit.
  'session_expired',
  // 401: the password was right, and the second factor is still to be given.
  'mfa_required',
  // 401: a wrong two-factor or recovery code.
  'invalid_code',
  // 401: the sign-in waiting for its code has expired or used up its attempts: sign in again.
  'two_factor_expired',
  // 403: the session must choose a new password before anything else.
  'password_change_required',
  // 403: the session must set up two-factor sign-in before anything else.
  'two_factor_enrolment_required',
  // 403: revealing an SSN or downloading an SS-4 needs a code given in the last 15 minutes.
  'step_up_required',
  // 403: the account is suspended.
  'account_suspended',
  // 403: the account has no staff role.
  'access_denied',
  // 403: the member's role does not allow this.
  'permission_denied',
  // 403: a state-changing call that does not come from the panel's own origin.
  'cross_origin',
  // 410: a signing link that is unknown, expired, used, replaced or locked.
  'signing_link_unavailable',
  // 401: the signing page's call before the SSN question was answered in this browser.
  'signing_not_verified',
  // 409: the form was signed already (another browser got there first).
  'signing_already_signed',
  // 409: a new signing link for an order the customer has signed: void the signature first.
  'order_already_signed',
  // 410: a checkout left unpaid past its retention window: its answers are erased, it cannot be paid.
  'checkout_expired',
  // 409: a customer's data cannot be deleted while one of their orders is open or being paid.
  'customer_data_in_use',
  // 409: a staff edit based on an older version of the order than the one stored.
  'order_changed',
  // 409: a refund larger than what remains of the payment.
  'refund_exceeds_payment',
  // 409: the order has no payment that can be refunded (not paid, or fully refunded).
  'order_not_refundable',
  // 502: the payment provider refused or failed the call.
  'payment_provider_error',
  // 410: a cancellation link that is unknown or already used.
  'cancellation_link_unavailable',
  // 409: the cancellation window has passed, or the application has been submitted to the IRS.
  'cancellation_window_closed',
  // 410: a customer document link that is unknown, expired or locked, or whose document is gone.
  'document_link_unavailable',
  // 401: a customer document link's call before the SSN question was answered in this browser.
  'document_not_verified',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The HTTP status each code is answered with. */
export const statusByErrorCode: Record<ErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  invalid_credentials: 401,
  session_expired: 401,
  mfa_required: 401,
  invalid_code: 401,
  two_factor_expired: 401,
  password_change_required: 403,
  two_factor_enrolment_required: 403,
  step_up_required: 403,
  account_suspended: 403,
  access_denied: 403,
  permission_denied: 403,
  cross_origin: 403,
  signing_link_unavailable: 410,
  signing_not_verified: 401,
  signing_already_signed: 409,
  order_already_signed: 409,
  checkout_expired: 410,
  customer_data_in_use: 409,
  order_changed: 409,
  refund_exceeds_payment: 409,
  order_not_refundable: 409,
  payment_provider_error: 502,
  cancellation_link_unavailable: 410,
  cancellation_window_closed: 409,
  document_link_unavailable: 410,
  document_not_verified: 401,
};

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string[]> };
};
