import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../email/mailer';

/**
 * The one way the signing feature sends mail (the request, the reminder, the assignee's notice).
 * The signature stands whether or not a message goes out, so a failure is logged, never thrown:
 * the caller learns it from the result.
 */
export async function sendSigningEmail(
  mailer: Mailer,
  message: MailMessage,
  log: Pick<FastifyBaseLogger, 'error'>,
  context: { orderId: number; kind: 'request' | 'reminder' | 'signed_notice' },
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    // A mail server's message may quote the address, so only the order and the error code are logged.
    log.error({ ...context, code: (error as { code?: unknown } | null)?.code }, 'signing e-mail not sent');
    return false;
  }
}
