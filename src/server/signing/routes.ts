import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Services } from '../contracts';
import { AppError } from '../errors';
import { parseWith, siteOrigin } from '../http';
import { linkRoute, linkTokenOf } from '../customer-links';
import { ss4DesigneeOf } from '../env';
import { auditActorOf, guardedOrderOf, staffOf } from '../staff';
import { completeSigning } from './complete-signing';
import { createSigningRequest } from './open-signing-request';
import { voidSignature } from './void-signature';
import { describeSigning } from './describe-signing';
import { downloadSignedSs4 } from './download-signed-ss4';
import { reviewOf, unsignedPdfOf } from './get-signing-review';
import { signingLinkFlow } from './signing-link';
import { downloadSignersCopy } from './download-signers-copy';
import {
  signSubmissionSchema,
  voidSignatureSchema,
  type SignatureRequestResponse,
  type SignedResponse,
  type SigningReviewResponse,
  type SigningStartResponse,
} from '#shared/signing/signing.ts';
import { signatureRequestResponseSchema, signedResponseSchema, signingReviewResponseSchema, signingStartResponseSchema, signingTokenParamsSchema } from '#shared/signing/answers.ts';
import { emailCodeSentResponseSchema, verificationAnswerSchema, type EmailCodeSentResponse } from '#shared/ssn-last-four.ts';
import { orderIdParamsSchema } from '#shared/fulfilment/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';

// The customer's signature (decision 022): staff send a signing request and download the signed SS-4
// (`/api/manage/orders/:id/…`); the public signing page's API is `/api/sign/:token…`, where the
// token in the address finds the request and the cookie set when the question is answered (the last
// four digits of the SSN or ITIN, or a code e-mailed to a responsible party with neither) proves this
// browser did so.

/** The largest signing body: the drawn signature is at most about 120 kB of text. */
export const signBodyLimit = 160 * 1024;

export function registerSigningRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'cipher' | 'env' | 'outbox' | 'sealer'>): void {
  const { database, cipher, env } = services;
  const { db } = database;
  const designee = ss4DesigneeOf(env);
  const signingLink = signingLinkFlow({ db, cipher, outbox: services.outbox, env });

  const staffOnly = {
    onSend: async (_request: unknown, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
    },
  };

  const api = app.withTypeProvider<DocumentedRoutes>();
  const pdf = (description: string) => ({ file: 'application/pdf', description });
  const signingRoute = { tag: 'Signing', params: signingTokenParamsSchema, rateLimited: true } as const;

  api.post(
    '/api/manage/orders/:id/signature-requests',
    {
      ...staffOnly,
      schema: routeSchema({
        summary: 'Send the customer a signing request',
        description:
          'E-mails the customer a link to sign the SS-4 online; a new request replaces the last one. Refused (`order_already_signed`) once the customer has signed: only voiding the signature asks again. The first request moves the order to "Awaiting User Signature", which needs `orders:change-status` too.',
        tag: 'Orders',
        access: { kind: 'staff', permission: 'orders:resend-links', order: true },
        params: orderIdParamsSchema,
        answers: { 200: signatureRequestResponseSchema },
        refusals: ['conflict', 'permission_denied', 'order_already_signed'],
      }),
    },
    async (request): Promise<SignatureRequestResponse> => {
    const order = guardedOrderOf(request);
    const { user } = staffOf(request);
    await createSigningRequest({
      db,
      cipher,
      outbox: services.outbox,
      env,
      orderId: order.id,
      actor: user,
      ipAddress: request.ip,
      origin: siteOrigin(env, request),
    });
    return { signing: await describeSigning(db, order.id) };
  });

  api.post(
    '/api/manage/orders/:id/signature/void',
    {
      ...staffOnly,
      schema: routeSchema({
        summary: 'Void the signature and ask again',
        description:
          'Sets the signed SS-4 aside (kept for the record, staff-only), moves the order back to "Awaiting User Signature" and e-mails the customer a new link with the reason as written. Refused once a filing of the order is held, queued, sent or answered.',
        tag: 'Orders',
        access: { kind: 'staff', permission: 'signatures:void', order: true },
        params: orderIdParamsSchema,
        body: voidSignatureSchema,
        answers: { 200: signatureRequestResponseSchema },
        refusals: ['conflict', 'permission_denied'],
      }),
    },
    async (request): Promise<SignatureRequestResponse> => {
      const order = guardedOrderOf(request);
      const { reason } = parseWith(voidSignatureSchema, request.body);
      await voidSignature({
        db,
        cipher,
        outbox: services.outbox,
        env,
        orderId: order.id,
        actor: staffOf(request).user,
        reason,
        ipAddress: request.ip,
        origin: siteOrigin(env, request),
      });
      return { signing: await describeSigning(db, order.id) };
    },
  );

  api.get(
    '/api/manage/orders/:id/ss4-signed.pdf',
    {
      ...staffOnly,
      schema: routeSchema({
        summary: 'Download the signed SS-4',
        tag: 'Orders',
        access: { kind: 'staff', permission: 'ss4:download', order: true, stepUp: true },
        params: orderIdParamsSchema,
        answers: { 200: pdf('The sealed signed SS-4 (audited).') },
      }),
    },
    async (request, reply) => {
    const order = guardedOrderOf(request);
    const signed = await downloadSignedSs4(db, cipher, order, auditActorOf(request), request.ip);
    if (!signed) throw new AppError('not_found', 'This order has no signed SS-4 yet.');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${signed.fileName}"`)
      .send(signed.pdf);
  });

  api.get(
    '/api/sign/:token',
    {
      ...linkRoute(),
      schema: routeSchema({
        ...signingRoute,
        summary: 'Open a signing link',
        description: 'Whether this browser has answered the link\'s question, and which question it asks (`ssn`, `itin` or `email_code`); nothing personal.',
        access: { kind: 'signing-link' },
        answers: { 200: signingStartResponseSchema },
      }),
    },
    async (request): Promise<SigningStartResponse> => {
    const { link, question, verified } = await signingLink.open(request);
    return { state: verified ? 'verified' : 'verify', expiresAt: link.expiresAt.toISOString(), question };
  });

  api.post(
    '/api/sign/:token/code',
    {
      ...linkRoute('answer'),
      schema: routeSchema({
        ...signingRoute,
        summary: 'E-mail a code to answer the question',
        description: 'For a link whose question is `email_code` (a responsible party with neither an SSN nor an ITIN): e-mails a 6-digit code to the order\'s address, valid 10 minutes and once, replacing the last one. One a minute, ten per link.',
        access: { kind: 'signing-link' },
        answers: { 200: emailCodeSentResponseSchema },
        refusals: ['conflict'],
      }),
    },
    async (request): Promise<EmailCodeSentResponse> => signingLink.sendCode(request),
  );

  api.post(
    '/api/sign/:token/verify',
    {
      ...linkRoute('answer'),
      schema: routeSchema({
        ...signingRoute,
        summary: 'Answer the link\'s question',
        description:
          'The last four digits of the responsible party\'s SSN or ITIN (`ssnLast4`), or the e-mailed code (`code`) when the link asks for one; right, it sets this browser\'s `ein_signing` cookie and answers the form to review. Five wrong answers lock the link.',
        access: { kind: 'signing-link' },
        body: verificationAnswerSchema,
        answers: { 200: signingReviewResponseSchema },
      }),
    },
    async (request, reply): Promise<SigningReviewResponse> => {
    const found = await signingLink.answer(request, reply);
    return reviewOf(found.order, found.link, cipher, designee);
  });

  api.get(
    '/api/sign/:token/review',
    {
      ...linkRoute(),
      schema: routeSchema({ ...signingRoute, summary: 'The form to review', access: { kind: 'signing-link', verifiedBrowser: true }, answers: { 200: signingReviewResponseSchema } }),
    },
    async (request): Promise<SigningReviewResponse> => {
    const found = await signingLink.requireVerified(request);
    return reviewOf(found.order, found.link, cipher, designee);
  });

  api.get(
    '/api/sign/:token/document.pdf',
    {
      ...linkRoute(),
      schema: routeSchema({ ...signingRoute, summary: 'The SS-4 to sign', access: { kind: 'signing-link', verifiedBrowser: true }, answers: { 200: pdf('The unsigned SS-4, each taxpayer number masked to its last four digits.') } }),
    },
    async (request, reply) => {
    const found = await signingLink.requireVerified(request);
    const pdf = await unsignedPdfOf(found.order, cipher, designee);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="SS-4-${found.order.applicationId}.pdf"`)
      .send(Buffer.from(pdf));
  });

  api.post(
    '/api/sign/:token/sign',
    {
      ...linkRoute(),
      bodyLimit: signBodyLimit,
      schema: routeSchema({
        ...signingRoute,
        summary: 'Sign the SS-4',
        description: 'The typed name and the drawn signature; the signed form is sealed and e-mailed.',
        access: { kind: 'signing-link', verifiedBrowser: true },
        body: signSubmissionSchema,
        answers: { 200: signedResponseSchema },
        refusals: ['signing_already_signed'],
      }),
    },
    async (request): Promise<SignedResponse> => {
      const submission = parseWith(signSubmissionSchema, request.body);
      const userAgent = request.headers['user-agent'];
      const { signedAt, trackingNumber } = await completeSigning({
        db,
        cipher,
        outbox: services.outbox,
        env,
        token: linkTokenOf(request),
        sessionCookie: signingLink.cookieOf(request),
        submission,
        ipAddress: request.ip,
        userAgent: typeof userAgent === 'string' ? userAgent : '',
        designee,
        sealer: services.sealer,
        origin: siteOrigin(env, request),
      });
      return { signedAt: signedAt.toISOString(), trackingNumber };
    },
  );

  api.get(
    '/api/sign/:token/signed.pdf',
    {
      ...linkRoute(),
      schema: routeSchema({ ...signingRoute, summary: 'The signer\'s copy', access: { kind: 'signing-link', verifiedBrowser: true }, answers: { 200: pdf('The signer\'s copy: the signed SS-4 with each taxpayer number masked, sealed.') } }),
    },
    async (request, reply) => {
    const copy = await downloadSignersCopy({ db, cipher, token: linkTokenOf(request), sessionCookie: signingLink.cookieOf(request), sealer: services.sealer, ipAddress: request.ip });
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${copy.fileName}"`).send(Buffer.from(copy.pdf));
  });
}
