import type { FastifyInstance } from 'fastify';
import type { Services } from '../contracts';
import { linkRoute } from '../customer-links';
import {
  customerDocumentKinds,
  type CustomerDocumentKind,
  type CustomerDocumentStartResponse,
  type CustomerDocumentVerifiedResponse,
} from '#shared/documents/documents.ts';
import { emailCodeSentResponseSchema, verificationAnswerSchema, type EmailCodeSentResponse } from '#shared/ssn-last-four.ts';
import type { CustomerDocumentSource, DocumentLinkRow } from './document-links';
import { customerDocumentStartResponseSchema, customerDocumentVerifiedResponseSchema } from '#shared/documents/answers.ts';
import { signingTokenParamsSchema } from '#shared/signing/answers.ts';
import { routeSchema, type DocumentedRoutes } from '../api-document';
import { documentLinkFlow } from './document-link-flow';
import { downloadDocument } from './download-document';

// The customer's document links (decision 037): for each kind, `GET /api/<kind>/:token` (verify or
// verified, and which question the link asks), `POST …/verify` (the answer: the last four digits of
// the SSN or ITIN, or a code, which sets this browser's cookie), `POST …/code` (e-mails that code to a
// responsible party with neither) and `GET …/document.pdf` (the document, for the verified browser only).

/** Each kind's name in the API document. */
const documentNames: Record<CustomerDocumentKind, string> = { signed_ss4: 'signed SS-4', ein_letter: 'EIN letter' };

/** The routes of each kind of customer document the app was given. */
export function registerCustomerDocumentRoutes(app: FastifyInstance, services: Pick<Services, 'database' | 'cipher' | 'outbox' | 'env'>, sources: readonly CustomerDocumentSource[]): void {
  const { database, cipher, outbox, env } = services;
  const { db } = database;

  const api = app.withTypeProvider<DocumentedRoutes>();
  for (const source of sources) {
    const base = `/api${customerDocumentKinds[source.kind].path}`;
    const described = { tag: 'Customer documents', params: signingTokenParamsSchema, rateLimited: true } as const;
    const name = documentNames[source.kind];
    const documentLink = documentLinkFlow({ db, cipher, outbox, env }, source.kind);
    const factsOf = async (link: DocumentLinkRow) => (source.facts ? { facts: await source.facts({ db, cipher }, link) } : {});

    api.get(
      `${base}/:token`,
      {
        ...linkRoute(),
        schema: routeSchema({ ...described, summary: `Open a link to the ${name}`, access: { kind: 'document-link' }, answers: { 200: customerDocumentStartResponseSchema } }),
      },
      async (request): Promise<CustomerDocumentStartResponse> => {
      const { link, question, verified } = await documentLink.open(request);
      if (!verified) return { state: 'verify', expiresAt: link.expiresAt.toISOString(), question };
      return { state: 'verified', expiresAt: link.expiresAt.toISOString(), question, ...(await factsOf(link)) };
    });

    api.post(
      `${base}/:token/code`,
      {
        ...linkRoute('answer'),
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
      async (request): Promise<EmailCodeSentResponse> => documentLink.sendCode(request),
    );

    api.post(
      `${base}/:token/verify`,
      {
        ...linkRoute('answer'),
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
      const { link } = await documentLink.answer(request, reply);
      return { state: 'verified', expiresAt: link.expiresAt.toISOString(), ...(await factsOf(link)) };
    });

    api.get(
      `${base}/:token/document.pdf`,
      {
        ...linkRoute(),
        schema: routeSchema({ ...described, summary: `Download the ${name}`, access: { kind: 'document-link', verifiedBrowser: true }, answers: { 200: { file: 'application/pdf', description: 'The document (audited).' } } }),
      },
      async (request, reply) => {
      const found = await documentLink.requireVerified(request);
      const { pdf, fileName } = await downloadDocument({ db, cipher }, source, found, request.ip);
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(Buffer.from(pdf));
    });
  }
}
