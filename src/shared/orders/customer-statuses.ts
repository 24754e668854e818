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

export type CustomerStatusDetails = {
  label: string;
  progress: number;
  badge: 'default' | 'secondary' | 'destructive';
};

/** The badge and the progress line of each customer-facing status; the words are the stage's (tracking.ts). */
export const customerStatusDetails: Record<CustomerStatus, CustomerStatusDetails> = {
  submitted: { label: 'Submitted', progress: 10, badge: 'secondary' },
  in_process: { label: 'In Process', progress: 50, badge: 'default' },
  completed: { label: 'Completed', progress: 100, badge: 'default' },
  cancelled: { label: 'Cancelled', progress: 0, badge: 'destructive' },
};
