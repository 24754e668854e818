import type { FastifySchema, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { apiErrorBodySchema } from '#shared/api-error.ts';
import { statusByErrorCode, type ErrorCode } from '#shared/errors.ts';
import { withRouteAccess, type RouteAccess } from '../http';

/**
 * The routes' type provider. A reply is typed by the route's answer schemas, so a handler cannot
 * return a shape its document does not describe. The request's parts stay `unknown`: each handler
 * parses them with `parseWith` and the same shared schema after its guard has run, so an anonymous
 * caller is refused before being told how its input is wrong, and every refusal keeps the product's
 * own `validation_failed` envelope (decision 044).
 */
export interface DocumentedRoutes extends FastifyTypeProvider {
  validator: unknown;
  serializer: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
}

/** The document's groups of operations, in the order the reference shows them. */
export const apiTags = [
  { name: 'Site', description: 'Health, readiness and the public configuration.' },
  { name: 'Checkout', description: 'The application wizard\'s checkout and payment (the built-in test processor\'s card form when no Stripe key is set).' },
  { name: 'Tracking', description: 'An order\'s progress by its tracking number.' },
  { name: 'Signing', description: 'The customer\'s online signature of the SS-4, by the link e-mailed to them.' },
  { name: 'Customer documents', description: 'The customer\'s documents (the signed SS-4, the EIN letter), by the link e-mailed to them.' },
  { name: 'Cancellation', description: 'The customer\'s one-hour cancellation, by the link in the confirmation.' },
  { name: 'Webhooks', description: 'Signed calls from the payment and fax providers.' },
  { name: 'Staff session', description: 'Staff sign-in (password, then the second factor) and sign-out.' },
  { name: 'Staff account', description: 'The signed-in member\'s own account.' },
  { name: 'Staff users', description: 'Staff accounts (admins).' },
  { name: 'Orders', description: 'Orders, their comments, refunds, signing requests and filings with the IRS.' },
  { name: 'Fax inbox', description: 'Faxes received from the IRS.' },
  { name: 'Dashboard', description: 'The figures and charts of the panel\'s first page: volume, money (admins), time to EIN, faxes, the funnel.' },
  { name: 'Audit trail', description: 'Who did what (admins).' },
  { name: 'Customer data', description: 'A customer\'s data requests: look up, export, delete (admins).' },
  { name: 'Alerts', description: 'The service\'s alerts open now: a fax given up, e-mails not going out, ... (admins).' },
  { name: 'Operations', description: 'The service\'s metrics for the operator\'s monitoring.' },
  { name: 'API', description: 'This document.' },
] as const;
export type ApiTag = (typeof apiTags)[number]['name'];

export type { RouteAccess } from '../http';

/** A file answer (a PDF, a PNG, a CSV), described by its media type. */
export type FileAnswer = { file: string; description: string };

export type Answers = Record<number, z.ZodType | FileAnswer | null>;

export type RouteDescription<RouteAnswers extends Answers = Answers> = {
  summary: string;
  description?: string;
  tag: ApiTag;
  access: RouteAccess;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Each success status's answer: a schema (JSON), a file, or null for no body. */
  answers: RouteAnswers;
  /** The refusals particular to the route; the generic ones follow from the rest. */
  refusals?: readonly ErrorCode[];
  rateLimited?: boolean;
};

/** What every member's call may be refused with before its handler runs (the staff guard). */
const staffRefusals: readonly ErrorCode[] = ['unauthorized', 'session_expired', 'access_denied', 'account_suspended'];

/** The refusals a route may answer, from its access, its input and its own list. */
export function refusalsOf(description: RouteDescription): ErrorCode[] {
  const codes = new Set<ErrorCode>(description.refusals ?? []);
  const { access } = description;
  if (access.kind === 'staff') {
    for (const code of staffRefusals) codes.add(code);
    if (!access.session) {
      codes.add('password_change_required');
      codes.add('two_factor_enrolment_required');
    }
    if (access.permission) codes.add('permission_denied');
    if (access.stepUp) codes.add('step_up_required');
  }
  if (access.kind === 'signing-link') {
    codes.add('signing_link_unavailable');
    if (access.verifiedBrowser) codes.add('signing_not_verified');
  }
  if (access.kind === 'document-link') {
    codes.add('document_link_unavailable');
    if (access.verifiedBrowser) codes.add('document_not_verified');
  }
  if (access.kind === 'payment-webhook' || access.kind === 'fax-webhook') {
    codes.add('bad_request');
    codes.add('unauthorized');
    // A signed event holding text that cannot be stored (a NUL byte, a lone surrogate).
    codes.add('validation_failed');
  }
  if (access.kind === 'metrics-token') {
    codes.add('unauthorized');
    // Not served at all while METRICS_TOKEN is unset.
    codes.add('not_found');
  }
  if (description.body || description.querystring || description.params) codes.add('validation_failed');
  if (description.body) {
    codes.add('bad_request');
    codes.add('payload_too_large');
  }
  if (description.params) codes.add('not_found');
  if (description.rateLimited) codes.add('rate_limited');
  codes.add('internal_error');
  return [...codes];
}

/** A body that is not JSON (Fastify refuses it before the route runs). */
const unsupportedMediaType = 415;
/** An address part longer than the router takes (Fastify's `maxParamLength`). */
const addressTooLong = 414;

/** The document's security requirement: none where the token in the address is the only key. */
function securityOf(access: RouteAccess): Record<string, string[]>[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'signing-link':
      return access.verifiedBrowser ? [{ signingBrowser: [] }] : [];
    case 'document-link':
      return access.verifiedBrowser ? [{ documentBrowser: [] }] : [];
    case 'payment-webhook':
      return [{ paymentWebhookSignature: [] }];
    case 'fax-webhook':
      return [{ faxWebhookSignature: [] }];
    case 'metrics-token':
      return [{ metricsToken: [] }];
    case 'staff':
      return [{ staffSession: [] }];
  }
}

function accessSentence(access: RouteAccess): string {
  switch (access.kind) {
    case 'public':
      return 'Public.';
    case 'signing-link':
      return access.verifiedBrowser ? 'By the signing link, from the browser that answered the SSN question (its `ein_signing` cookie).' : 'By the signing link alone.';
    case 'document-link':
      return access.verifiedBrowser ? 'By the document link, from the browser that answered the SSN question (its `ein_document` cookie).' : 'By the document link alone.';
    case 'payment-webhook':
      return 'Signed by the payment provider (`stripe-signature`, over the exact bytes sent).';
    case 'fax-webhook':
      return 'Signed by the fax provider (Ed25519, `telnyx-signature-ed25519` and `telnyx-timestamp`).';
    case 'metrics-token':
      return 'The operator\'s scraper, with `Authorization: Bearer` and the `METRICS_TOKEN`; answers 404 while `METRICS_TOKEN` is unset.';
    case 'staff':
      return [
        access.session ? 'A staff session, even one that must still choose a new password or set up two-factor sign-in.' : 'A staff session.',
        access.permission ? `Needs the \`${access.permission}\` permission.` : '',
        access.order ? 'About the order in the address: one the member may not see answers 404 `not_found`, as a missing one does.' : '',
        access.stepUp ? 'Needs a second-factor code given in the last 15 minutes (`POST /api/manage/account/step-up`), or answers 403 `step_up_required`.' : '',
      ]
        .filter(Boolean)
        .join(' ');
  }
}

function isFileAnswer(answer: z.ZodType | FileAnswer): answer is FileAnswer {
  return 'file' in answer;
}

/** What a success status's answer is, in the words the reference shows. */
const successWords: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No content' };

/** The JSON answers by status, each in its `application/json` content: what the type provider types a reply with. */
type TypedAnswers<RouteAnswers extends Answers> = {
  [Status in keyof RouteAnswers as RouteAnswers[Status] extends z.ZodType ? Status : never]: { description: string; content: { 'application/json': { schema: RouteAnswers[Status] } } };
};

/** The route's `schema`: its input and every answer, success and refusal, for Fastify and the document. */
export function routeSchema<const RouteAnswers extends Answers>(description: RouteDescription<RouteAnswers>): FastifySchema & { response: TypedAnswers<RouteAnswers> } {
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(description.answers)) {
    const words = successWords[Number(status)] ?? 'Success';
    if (answer === null) response[status] = z.null().describe(words);
    else if (isFileAnswer(answer)) {
      response[status] = { description: answer.description, content: { [answer.file]: { schema: z.string().meta({ format: 'binary' }) } } };
    } else response[status] = { description: answer.description ?? words, content: { 'application/json': { schema: answer } } };
  }
  const refusals = refusalsOf(description);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of refusals) {
    const status = statusByErrorCode[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  if (description.body) byStatus.set(unsupportedMediaType, ['bad_request']);
  if (description.params) byStatus.set(addressTooLong, ['bad_request']);
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    response[String(status)] = {
      description:
        status === unsupportedMediaType
          ? 'A body that is not JSON (`bad_request`).'
          : status === addressTooLong
            ? 'A part of the address over 100 characters (`bad_request`).'
            : `Refused: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      content: { 'application/json': { schema: apiErrorBodySchema } },
    };
  }
  return withRouteAccess({
    summary: description.summary,
    description: [description.description, accessSentence(description.access)].filter(Boolean).join('\n\n'),
    tags: [description.tag],
    security: securityOf(description.access),
    ...(description.params ? { params: description.params } : {}),
    ...(description.querystring ? { querystring: description.querystring } : {}),
    ...(description.body ? { body: description.body } : {}),
    response: response as TypedAnswers<RouteAnswers>,
  }, description.access);
}
