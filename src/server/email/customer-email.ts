import type { Db } from '../db';
import type { Env } from '../env';
import type { MailMessage } from './mailer';
import { enqueueEmail, type EmailKind } from './outbox';

export type QueueCustomerEmailOptions = {
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  kind: EmailKind;
  orderId: number;
  /** The e-mail address on the order. */
  to: string;
  message: Omit<MailMessage, 'to' | 'replyTo' | 'messageId'>;
  /** The body carries a secret (a signing link): erased from the outbox once sent. */
  eraseBodyWhenSent?: boolean;
};

/**
 * Queues an e-mail to a customer in `tx`, the transaction of the change it tells them of. A customer
 * who answers reaches support: every customer e-mail carries `Reply-To: SUPPORT_EMAIL` (the sender
 * is a no-reply address).
 */
export function queueCustomerEmail(tx: Pick<Db, 'insert'>, { env, kind, orderId, to, message, eraseBodyWhenSent }: QueueCustomerEmailOptions): Promise<number> {
  return enqueueEmail(tx, { kind, orderId, to, replyTo: env.SUPPORT_EMAIL, eraseBodyWhenSent, ...message });
}
