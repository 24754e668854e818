// Audit: the audit log (DESIGN 5 and 8), who did what to which order or account, and when, and
// the admins' screen and CSV export of it. A row is written with `recordAudit` in the transaction of
// the change it records, so the two commit together; the actor's e-mail is copied so the row outlives
// the account, and no row ever holds an SSN, a password or a token.
export { recordAudit } from './record-audit';
export type { AuditActor } from './record-audit';
