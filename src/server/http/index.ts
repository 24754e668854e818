// The http module's public face: other modules import from here only.
export { registerErrorHandler } from './error-handler';
export { parseWith } from './parse-with';
export { countHit, rateLimitedWith, registerRateLimit } from './rate-limit';
export { requestLogController } from './request-logs';
export { registerSecurityHeaders } from './security-headers';
export { manageOrderUrl, siteOrigin, trackingUrl } from './site-links';
