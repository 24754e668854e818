import type { testPaymentRefunds } from '#server/db/index.ts';
import type { ProviderRefund, RefundStatus } from '../provider';

type RefundRow = typeof testPaymentRefunds.$inferSelect;

export const toRefund = (row: RefundRow): ProviderRefund => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  status: row.status as RefundStatus,
  metadata: row.metadata,
});
