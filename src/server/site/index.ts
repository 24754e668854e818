// Site: the public pages and the built client. Public pages are rendered on the server (decision 013)
// into the page shell, which carries the public configuration as inert JSON (no inline script for the
// CSP to allow); private paths such as /manage are served the bare shell, marked noindex. Also
// `/api/health`, `/api/ready` (whether a load balancer should send work here) and `/api/config`.
export { registerPageRoutes } from './pages';
export { createReadiness } from './readiness';
export type { NotReadyReason, Readiness } from './readiness';
