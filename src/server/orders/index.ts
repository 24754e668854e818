// Orders: the order record and its lifecycle. An order is written once, from its paid checkout
// (`insertOrderFromCheckout`), and its status changes only through `changeOrderStatus`, by the
// transition table in src/shared/orders/lifecycle.ts, with its history row, audit row and the effect
// of its customer e-mail (`statusEffects`) in the change's transaction. Also here: the orders of the same application (decision 041),
// tracking numbers, auto-assignment to a priority fulfiller and the assignee's e-mail.
export { assignmentEmail } from './assignment-email';
export { autoAssignOrder } from './auto-assign-order';
export { changeOrderStatus, changeStatusReason, storeStatusAsRead } from './change-order-status';
export type { OrderStatusChange, StatusReasonChange } from './change-order-status';
export { companyNameOf, customerTimeZoneOf } from './company-name';
export { einEmail, einLetterNote } from './ein-email';
export { findPossibleDuplicates, lockDuplicatesForRefund } from './find-possible-duplicates';
export { insertOrderFromCheckout, insertOrdersSql } from './insert-order';
export { queueAssigneeNotice } from './queue-assignee-notice';
export { queueEinEmail } from './queue-ein-email';
export { queueCancelledEmail, queueOnHoldEmail } from './queue-status-email';
export { applyStatusEffect, registerSigningRequestWriter, statusEffects } from './status-effects';
export type { SigningRequestInput, SigningRequestWriter, StaffActor, StatusEffect, StatusEffectContext, WriteSigningRequestOptions } from './status-effects';
export { cancelledEmail, onHoldEmail } from './status-email';
export { createTrackingNumber } from './tracking-number';
