// The retention module's public face: other modules import from here only.
export { eraseOrderPersonalData } from './erase-order-personal-data';
export { purgeExpiredData } from './purge-expired-data';
