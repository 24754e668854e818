import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import { parseWith, rateLimitedWith } from '../http';
import {
  customerDocumentKinds,
  customerDocumentMessages,
  type CustomerDocumentKind,
  type CustomerDocumentStartResponse,
  type CustomerDocumentVerifiedResponse,
} from '../../shared/documents/documents';
import {
  emailCodeMessages,
  emailCodeSentResponseSchema,
  ssnLastFourMessages,
  verificationAnswerSchema,
  verificationAnswerSchemas,
  verificationQuestionOfApplication,
  type EmailCodeSentResponse,
} from '../../shared/ssn-last-four';
import { sendLinkCode } from '../link-codes';
import type { CustomerDocumentSource } from './document-links';
import { customerDocumentStartResponseSchema, customerDocumentVerifiedResponseSchema } from '../../shared/documents/answers';
import { signingTokenParamsSchema } from '../../shared/signing/answers';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import { findUsableLink, isVerifiedBrowser } from './find-usable-link';
import { verifyDocumentReader } from './verify-document-reader';
import { downloadDocument } from './download-document';

// The customer's document links (decision 037): for each kind, `GET /api/<kind>/:token` (verify or
// verified, and which question the link asks), `POST …/verify` (the answer: the last four digits of
// the SSN or ITIN, or a code, which sets this browser's cookie), `POST …/code` (e-mails that code to a
// responsible party with neither) and `GET …/document.pdf` (the document, for the verified browser only).

/** Calls per client and minute on each route: a reader needs a handful, a guesser many. */
export const documentCallsPerMinute = 30;
/** Answers (and codes asked for) per client and minute, on top of the link's own lock after five wrong answers. */
export const documentVerifyCallsPerMinute = 10;

export const documentCookieName = 'ein_document';

/** Each kind's name in the API document. */
const documentNames: Record<CustomerDocumentKind, string> = { signed_ss4: 'signed SS-4', ein_letter: 'EIN letter' };
/** What an e-mailed code opens, in the customer's words. */
const codePurposes: Record<CustomerDocumentKind, string> = { signed_ss4: 'download your signed SS-4', ein_letter: 'download your EIN letter' };

function limit(max: number) {
  return { rateLimit: { max, timeWindow: '1 minute', errorResponseBuilder: rateLimitedWith('Too many requests. Please wait a minute and try again.') } };
}

function cookieOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === documentCookieName) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function tokenOf(request: FastifyRequest): string {
  return (request.params as { token?: string }).token ?? '';
}

/** Nothing on these routes may be kept by a browser or a proxy: it is personal. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
}

/** The routes of each kind of customer document the app was given. */
export function registerCustomerDocumentRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'cipher' | 'outbox' | 'env'>, sources: readonly CustomerDocumentSource[]): void {
  const { database, cipher } = services;
  const { db } = database;

  const api = app.withTypeProvider<DocumentedRoutes>();
  for (const source of sources) {
    const base = `/api${customerDocumentKinds[source.kind].path}`;
    const described = { tag: 'Customer documents', params: signingTokenParamsSchema, rateLimited: true } as const;
    const name = documentNames[source.kind];

    api.get(
      `${base}/:token`,
      {
        config: limit(documentCallsPerMinute),
        schema: routeSchema({ ...described, summary: `Open a link to the ${name}`, access: { kind: 'document-link' }, answers: { 200: customerDocumentStartResponseSchema } }),
      },
      async (request, reply): Promise<CustomerDocumentStartResponse> => {
      noStore(reply);
      const { link, order } = await findUsableLink(db, source.kind, tokenOf(request), new Date());
      const question = verificationQuestionOfApplication(order.formData);
      if (!isVerifiedBrowser(link, cipher, cookieOf(request))) return { state: 'verify', expiresAt: link.expiresAt.toISOString(), question };
      return { state: 'verified', expiresAt: link.expiresAt.toISOString(), question, ...(source.facts ? { facts: await source.facts({ db, cipher }, link) } : {}) };
    });

    api.post(
      `${base}/:token/code`,
      {
        config: limit(documentVerifyCallsPerMinute),
        schema: routeSchema({
          ...described,
          summary: `E-mail a code to open the ${name}`,
          description:
            'For a link whose question is `email_code` (a responsible party with neither an SSN nor an ITIN): e-mails a 6-digit code to the order\'s address, valid 10 minutes and once, replacing the last one. One a minute, ten per link.',
          access: { kind: 'document-link' },
          answers: { 200: emailCodeSentResponseSchema },
          refusals: ['conflict'],
        }),
      },
      async (request, reply): Promise<EmailCodeSentResponse> => {
      noStore(reply);
      const now = new Date();
      const found = await findUsableLink(db, source.kind, tokenOf(request), now);
      if (verificationQuestionOfApplication(found.order.formData) !== 'email_code') throw new AppError('conflict', emailCodeMessages.notAsked);
      return sendLinkCode({
        db,
        outbox: services.outbox,
        env: services.env,
        link: { kind: 'document', id: found.link.id, orderId: found.order.id, secret: cipher.decrypt(found.link.sessionSecret) },
        to: found.order.billingEmail,
        trackingNumber: found.order.applicationId,
        purpose: codePurposes[source.kind],
        now,
      });
    });

    api.post(
      `${base}/:token/verify`,
      {
        config: limit(documentVerifyCallsPerMinute),
        schema: routeSchema({
          ...described,
          summary: `Answer the link's question for the ${name}`,
          description:
            'The last four digits of the responsible party\'s SSN or ITIN (`ssnLast4`), or the e-mailed code (`code`) when the link asks for one. Right, it sets this browser\'s `ein_document` cookie. Five wrong answers lock the link.',
          access: { kind: 'document-link' },
          body: verificationAnswerSchema,
          answers: { 200: customerDocumentVerifiedResponseSchema },
        }),
      },
      async (request, reply): Promise<CustomerDocumentVerifiedResponse> => {
      noStore(reply);
      const now = new Date();
      const found = await findUsableLink(db, source.kind, tokenOf(request), now);
      const question = verificationQuestionOfApplication(found.order.formData);
      const answer = parseWith(verificationAnswerSchemas[question], request.body);
      const result = await verifyDocumentReader(db, cipher, found.link, found.order, answer, now);
      if (!result.ok) {
        const message = question === 'email_code' ? emailCodeMessages.wrong(result.attemptsLeft) : ssnLastFourMessages.wrong(result.attemptsLeft);
        throw new AppError('validation_failed', message, question === 'email_code' ? { code: [message] } : { ssnLast4: [message] });
      }
      const maxAge = Math.max(0, Math.floor((found.link.expiresAt.getTime() - now.getTime()) / 1000));
      reply.header(
        'set-cookie',
        `${documentCookieName}=${encodeURIComponent(result.sessionSecret)}; Path=${base}/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`,
      );
      return { state: 'verified', expiresAt: found.link.expiresAt.toISOString(), ...(source.facts ? { facts: await source.facts({ db, cipher }, found.link) } : {}) };
    });

    api.get(
      `${base}/:token/document.pdf`,
      {
        config: limit(documentCallsPerMinute),
        schema: routeSchema({ ...described, summary: `Download the ${name}`, access: { kind: 'document-link', verifiedBrowser: true }, answers: { 200: { file: 'application/pdf', description: 'The document (audited).' } } }),
      },
      async (request, reply) => {
      noStore(reply);
      const found = await findUsableLink(db, source.kind, tokenOf(request), new Date());
      if (!isVerifiedBrowser(found.link, cipher, cookieOf(request))) throw new AppError('document_not_verified', customerDocumentMessages.notVerified);
      const { pdf, fileName } = await downloadDocument({ db, cipher }, source, found, request.ip);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(pdf));
    });
  }
}
