// The audit module's public face: other modules import from here only.
export { recordAudit } from './record-audit';
export type { AuditActor } from './record-audit';
export { registerAuditRoutes } from './routes';
