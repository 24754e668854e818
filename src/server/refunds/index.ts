// Refunds: money given back through the payment provider (decisions 026, 030), by an admin or by the
// customer's one-hour cancellation link, never more than was paid: refunds are summed with the
// order's row locked, and a refund left pending is settled later. The provider's refund and dispute
// events are read back from the provider, so they may come late, twice or out of order.
export { cancellationUrl, createCancellationLink } from './create-cancellation-link';
export { issueCancellationLink } from './issue-cancellation-link';
export { findOrderPayments } from './order-payments';
export { cancellationConfirmationEmail, disputeAlertEmail, refundConfirmationEmail } from './refund-emails';
export { settlePendingRefunds } from './settle-pending-refunds';
export { syncDispute } from './sync-dispute';
export { syncRefundsOfPayment } from './sync-refunds-of-payment';
