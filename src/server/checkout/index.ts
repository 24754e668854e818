// The checkout module's public face: other modules import from here only.
export { createOrderFromPayment } from './create-order-from-payment';
export { reconcilePayments } from './reconcile-payments';
export { registerCheckoutRoutes } from './routes';
