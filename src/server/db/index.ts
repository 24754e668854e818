// The db module's public face: other modules import from here only.
export { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';
export { DataDirInUseError } from './data-dir-lock';
export { openDatabase } from './database';
export type { Database, Db } from './database';
export * as schema from './schema';
export { statusAsReadSql, storedValuesOf, storedValuesOfGroup } from './stored-statuses';
export { account, auditLog, cancellationLinks, checkouts, emailOutbox, orderComments, orderCounters, orderStatusHistory, orders, rateLimitHits, refunds, session, settings, signingRequests, testPaymentDisputes, testPaymentIntents, testPaymentRefunds, testPaymentWebhooks, twoFactor, user, verification, webhookEvents } from './schema';
