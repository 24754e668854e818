// The fulfilment module's public face: other modules import from here only.
export { registerFulfilmentRoutes } from './routes';
