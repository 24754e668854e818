// HTTP: what every route shares. One error handler maps `AppError` codes to statuses and never sends
// a stack; `parseWith` parses input with the shared zod schema; rate limits count in the database,
// so every instance counts together; security headers and a strict CSP; links back to the site; each
// request's language, which the messages speak while it is handled.
export { answerFrameworkError, registerErrorHandler } from './error-handler';
export { csvCell, csvLine } from './csv';
export { parseWith, refuseUnstorableJson } from './parse-with';
export { countHit, rateLimitedWith, registerRateLimit } from './rate-limit';
export { requestLogController } from './request-logs';
export { localeOfAcceptLanguage, localeOfRequest, registerRequestLocale } from './request-locale';
export { routeAccessOf, withRouteAccess } from './route-access';
export type { RouteAccess, StaffAccess } from './route-access';
export { allowInlineStyles, apiReferencePagePath, registerSecurityHeaders } from './security-headers';
export { manageOrderUrl, siteOrigin, trackingUrl } from './site-links';
