// The database: the schema, its migrations and the connection, PGlite (embedded, in DATA_DIR or in
// memory) or PostgreSQL (DATABASE_URL), migrated on open. A committed migration is never edited (the
// checksums in migrations/ pin each one): every schema change is a new migration. Also here: backups
// and restores of either kind, the data folder's lock, and the stored status values that still read
// as each status.
export { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';
export { DataDirInUseError } from './data-dir-lock';
export { openDatabase } from './database';
export type { Database, DatabaseOptions, Db } from './database';
export * as schema from './schema';
export { statusAsReadSql, storedValuesOf, storedValuesOfGroup } from './stored-statuses';
export { account, alertOccurrences, auditLog, cancellationLinks, checkouts, customerDocumentLinks, dashboardDays, dashboardRefreshes, dashboardWeeks, emailOutbox, faxMedia, filings, inboundFaxes, irsLetters, jobHeartbeats, linkCodes, testFaxes, orderComments, orderCounters, orderStatusHistory, orders, rateLimitHits, refunds, session, settings, signingRequests, testPaymentDisputes, testPaymentIntents, testPaymentRefunds, testPaymentWebhooks, twoFactor, twoFactorCodeClaims, user, verification, webhookEvents } from './schema';
