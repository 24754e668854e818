// The refunds module's public face: other modules import from here only.
export { cancellationUrl, createCancellationLink } from './create-cancellation-link';
export { issueCancellationLink } from './issue-cancellation-link';
export { findOrderPayments } from './order-payments';
export { registerRefundRoutes } from './routes';
export { settlePendingRefunds } from './settle-pending-refunds';
export { syncDispute } from './sync-dispute';
export { syncRefundsOfPayment } from './sync-refunds-of-payment';
