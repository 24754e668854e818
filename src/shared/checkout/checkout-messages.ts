// The texts and browser keys of step 6 and the confirmation page. No imports, so the pages that
// only show them do not load the application's schemas.

export const checkoutMessages = {
  email: 'Enter a valid email address',
  paymentRequired: 'Payment information is required',
  setupFailed: 'Failed to initialize payment. Please refresh the page.',
  submitFailed: 'Failed to process payment',
  confirmFailed: 'Payment confirmation failed',
  serverValidationFailed: 'Payment validation failed on the server',
  unexpected: 'An unexpected error occurred',
  expressFailed: 'Payment failed',
  expressValidationFailed: 'Payment validation failed',
  // The dialog's title already says "Payment Successful!": the text says what follows.
  success: 'Your order has been confirmed.',
  alreadyPaid: 'This application has already been paid for. Check your email for the tracking number.',
  expired:
    'This checkout was closed because it stayed unpaid, and the answers sent with it were deleted for your privacy. Your card was not charged. Please start again.',
  startAgain: 'Start again',
  pendingAuthentication:
    'Your card payment is waiting for your bank to verify it, so the application cannot be changed now. Finish the verification, or cancel it and try again.',
  duplicateTitle: 'You may have paid for this application already',
  duplicateText: (trackingLast4: string) =>
    `An application for the same company with the same responsible party was paid for in the last 30 days (tracking number ending in ${trackingLast4}). The IRS gives a business one EIN, and our Terms ask for one application per business, so check that order before paying again.`,
  duplicateLink: 'Track that order',
  duplicateGoOn: 'If you do mean to send another application, you can still complete this order below.',
} as const;

export const confirmationMessages = {
  missingReference: 'Missing payment information.',
  verificationFailed: 'Verification failed.',
  notSuccessful: 'Payment was not successful.',
  fallback: 'Your payment could not be verified.',
  failureText:
    'If funds were held or authentication was required, please retry the checkout. No charge will be made unless the payment succeeds.',
} as const;

/** sessionStorage keys kept beside the saved application. */
export const checkoutStorageKeys = {
  draftId: 'ein-checkout-draft-id',
  trackingNumber: 'ein-tracking-number',
  paymentReference: 'ein-payment-reference',
} as const;
