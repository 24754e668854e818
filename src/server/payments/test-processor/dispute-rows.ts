import type { testPaymentDisputes } from '#server/db/index.ts';
import type { ProviderDispute } from '../provider';

export type DisputeRow = typeof testPaymentDisputes.$inferSelect;

export const toDispute = (row: DisputeRow): ProviderDispute => ({
  id: row.id,
  paymentIntentId: row.paymentIntentId,
  amountCents: row.amountCents,
  status: row.status,
  reason: row.reason,
});
