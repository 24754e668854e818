import { m } from '../i18n/messages';

// The texts and browser keys of step 6 and the confirmation page. Only the messages are imported, so
// the pages that only show them do not load the application's schemas. Each text is a getter: it is
// read when shown, in the language of the page (or of the request, on the server).

export const checkoutMessages = {
  get email() { return m.checkout_email(); },
  get emailTooLong() { return m.checkout_email_too_long(); },
  get paymentRequired() { return m.checkout_payment_required(); },
  get setupFailed() { return m.checkout_setup_failed(); },
  get submitFailed() { return m.checkout_submit_failed(); },
  get confirmFailed() { return m.checkout_confirm_failed(); },
  get serverValidationFailed() { return m.checkout_server_validation_failed(); },
  get unexpected() { return m.checkout_unexpected(); },
  get expressFailed() { return m.checkout_express_failed(); },
  get expressValidationFailed() { return m.checkout_express_validation_failed(); },
  // The dialog's title already says "Payment Successful!": the text says what follows.
  get success() { return m.checkout_success(); },
  get alreadyPaid() { return m.checkout_already_paid(); },
  get expired() { return m.checkout_expired(); },
  get startAgain() { return m.checkout_start_again(); },
  get pendingAuthentication() { return m.checkout_pending_authentication(); },
  get duplicateTitle() { return m.checkout_duplicate_title(); },
  duplicateText: (trackingLast4: string) => m.checkout_duplicate_text({ trackingLast4 }),
  get duplicateLink() { return m.checkout_duplicate_link(); },
  get duplicateGoOn() { return m.checkout_duplicate_go_on(); },
};

export const confirmationMessages = {
  get missingReference() { return m.checkout_confirmation_missing_reference(); },
  get verificationFailed() { return m.checkout_confirmation_verification_failed(); },
  get notSuccessful() { return m.checkout_confirmation_not_successful(); },
  get fallback() { return m.checkout_confirmation_fallback(); },
  get failureText() { return m.checkout_confirmation_failure_text(); },
};

/** sessionStorage keys kept beside the saved application. */
export const checkoutStorageKeys = {
  draftId: 'ein-checkout-draft-id',
  trackingNumber: 'ein-tracking-number',
  paymentReference: 'ein-payment-reference',
} as const;
