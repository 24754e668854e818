// The customer-data module's public face: other modules import from here only.
export { registerCustomerDataRoutes } from './routes';
