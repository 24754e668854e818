// The orders module's public face: other modules import from here only.
export { autoAssignOrder } from './auto-assign-order';
export { companyNameOf } from './company-name';
export { einEmail } from './ein-email';
export { insertOrderFromCheckout, insertOrdersSql } from './insert-order';
export { queueAssigneeNotice } from './queue-assignee-notice';
export { cancelledEmail, onHoldEmail } from './status-email';
export { createTrackingNumber } from './tracking-number';
