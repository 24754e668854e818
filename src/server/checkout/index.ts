// The checkout module's public face: other modules import from here only.
export { queueOrderConfirmation } from './queue-order-confirmation';
export { reconcilePayments } from './reconcile-payments';
export { registerCheckoutRoutes } from './routes';
