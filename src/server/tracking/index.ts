// The tracking module's public face: other modules import from here only.
export { registerTrackingRoutes, trackingLookupsPerMinute } from './routes';
