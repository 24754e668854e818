/** What the customer sees of an order: tracking's badge and its progress line. */
export const customerStatuses = ['submitted', 'in_process', 'completed', 'cancelled'] as const;
export type CustomerStatus = (typeof customerStatuses)[number];

/**
 * Where the order stands, in the customer's words: finer than the customer-facing status, so that
 * tracking can say what is true of each internal status without naming it (the internal names are
 * staff's). Several statuses may share a stage; each stage has its text in src/shared/tracking.
 */
export const trackingStages = ['reviewing', 'preparing', 'awaiting_signature', 'filing', 'with_irs', 'on_hold', 'completed', 'cancelled'] as const;
export type TrackingStage = (typeof trackingStages)[number];
