// Retention: the rules of decision 027, applied by one job. Unpaid checkouts lose their application
// and e-mail, closed orders their personal data after the retention period (keeping what
// bookkeeping needs), and e-mail copies go after MAIL_RETENTION_DAYS; done in batches, safe to run on
// several instances at once.
export { eraseOrderPersonalData } from './erase-order-personal-data';
export { purgeExpiredData } from './purge-expired-data';
