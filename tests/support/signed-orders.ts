import type { FastifyInstance } from 'fastify';
import type { Env } from '#server/env.ts';
import { signingConsents, type SignSubmission } from '#shared/signing/signing.ts';
import { mailbox, staffInject } from './staff-app';
import { mailTo } from './orders-api';

// An order signed the way a customer signs it: staff send the signing request, the customer opens the
// e-mailed link, gives the last four digits of the SSN and signs with a typed name.

const submission: SignSubmission = {
  name: 'John Public',
  title: 'Managing Member',
  signature: { kind: 'typed' },
  consents: { electronic: signingConsents.electronic.version, perjury: signingConsents.perjury.version, designee: signingConsents.designee.version },
};

let nextAddress = 0;
const address = () => `198.51.100.${(nextAddress++ % 250) + 1}`;

/** Sends the signing request as `staffCookie` and signs it through the link; `ssnLast4` must be the order's. */
export async function signThroughLink(app: FastifyInstance, env: Env, order: { id: number; billingEmail: string }, staffCookie: string, ssnLast4: string): Promise<void> {
  const requested = await staffInject(app, staffCookie, 'POST', `/api/manage/orders/${order.id}/signature-requests`);
  if (requested.statusCode !== 200) throw new Error(`The signing request answered ${requested.statusCode}: ${requested.body}`);
  const links = mailTo(mailbox(env), order.billingEmail).flatMap((message) => [...message.matchAll(/\/sign\/([A-Za-z0-9_-]{43})/g)].map((match) => match[1]!));
  const token = links.at(-1);
  if (!token) throw new Error(`No signing link was sent to ${order.billingEmail}`);
  const remoteAddress = address();
  const verified = await app.inject({ method: 'POST', url: `/api/sign/${token}/verify`, remoteAddress, payload: { ssnLast4 } });
  if (verified.statusCode !== 200) throw new Error(`Verifying answered ${verified.statusCode}: ${verified.body}`);
  const cookie = String(verified.headers['set-cookie']).split(';')[0]!;
  const signed = await app.inject({ method: 'POST', url: `/api/sign/${token}/sign`, remoteAddress, headers: { cookie }, payload: submission });
  if (signed.statusCode !== 200) throw new Error(`Signing answered ${signed.statusCode}: ${signed.body}`);
}
