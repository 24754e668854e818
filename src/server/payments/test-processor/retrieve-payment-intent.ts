import type { PaymentIntent } from '../provider';
import type { TestProcessorContext } from './context';
import { findIntent, toPaymentIntent } from './intent-rows';

export async function retrievePaymentIntent({ db }: TestProcessorContext, id: string): Promise<PaymentIntent | null> {
  const row = await findIntent(db, id);
  return row ? toPaymentIntent(row) : null;
}
