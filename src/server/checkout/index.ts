// Checkout: from the validated application to its order. A browser draft becomes a checkout (the
// application stored with its SSN encrypted) and a payment intent; a succeeded payment becomes its
// order exactly once, whichever comes first of the browser's confirmation, the provider's webhook
// and the reconciliation job. The payment's state is always read from the provider, never taken
// from the browser or the event. Also here: the order's confirmation e-mail.
export { createOrderFromPayment } from './create-order-from-payment';
export { orderConfirmationEmail } from './order-confirmation-email';
export { queueOrderConfirmation } from './queue-order-confirmation';
export { reconcilePayments } from './reconcile-payments';
