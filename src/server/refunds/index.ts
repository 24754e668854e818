// The refunds module's public face: other modules import from here only.
export { cancellationUrl, createCancellationLink, issueCancellationLink } from './cancellation-links';
export { findOrderPayments } from './order-payments';
export { registerRefundRoutes } from './routes';
export { settlePendingRefunds } from './settle-pending-refunds';
export { syncDispute, syncRefundsOfPayment } from './sync-provider-events';
