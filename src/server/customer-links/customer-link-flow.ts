import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import type { Env } from '../env';
import { orderLocale, type EmailOutbox } from '../email';
import type { FieldCipher } from '../encryption';
import { AppError } from '../errors';
import { parseWith } from '../http';
import { sendLinkCode, type LinkCodePurpose, type LinkKind } from '../link-codes';
import type { ErrorCode } from '#shared/errors.ts';
import {
  emailCodeMessages,
  ssnLastFourMessages,
  verificationAnswerSchemas,
  verificationQuestionOfApplication,
  type EmailCodeSentResponse,
  type VerificationAnswer,
  type VerificationQuestion,
} from '#shared/ssn-last-four.ts';
import { isVerifiedBrowser, readLinkCookie, setLinkCookie, type LinkCookie, type LinkSession } from './link-cookie';
import { linkTokenOf } from './link-routes';

/** A link's answer checked and recorded: right gives the session secret for the cookie; wrong says how many tries are left. */
export type LinkAnswerResult = { ok: true; sessionSecret: string } | { ok: false; attemptsLeft: number };

/** What the flow reads of a link row: its ids, its session and its expiry. */
export type FlowLink = LinkSession & { id: string; orderId: number; expiresAt: Date };
/** What the flow reads of the link's order: the application (which question it asks) and the tracking number. */
export type FlowOrder = { formData: unknown; applicationId: string; /** The order's language, which its e-mails speak. */ locale: string };

/** A kind of customer link (a signing request, a document link), as the flow needs it. */
export type CustomerLink<Link extends FlowLink, Order extends FlowOrder> = {
  services: { db: Db; cipher: FieldCipher; outbox: EmailOutbox; env: Pick<Env, 'SUPPORT_EMAIL'> };
  cookie: LinkCookie;
  /** The link a token names and its order, or the unavailable answer (410). */
  find: (token: string, now: Date) => Promise<{ link: Link; order: Order }>;
  /** Checks an answer and records it on the link: a wrong one counts toward its lock. */
  verify: (found: { link: Link; order: Order }, answer: VerificationAnswer, now: Date) => Promise<LinkAnswerResult>;
  /** The e-mailed code: which kind of link it opens, what for (the e-mail says it in the order's language), and to whom it goes. */
  code: { kind: LinkKind; purpose: LinkCodePurpose; to: (found: { link: Link; order: Order }) => string };
  /** The refusal of a route that needs the answered question, to a browser that has not answered it. */
  notVerified: { code: ErrorCode; message: string };
};

/**
 * The steps every customer link takes (decisions 022 and 037): open it (is this browser verified, and
 * which question does the link ask), e-mail a code when the question is one, answer the question (the
 * last four digits of the SSN or ITIN, or the code; right, it sets this browser's cookie), and require
 * the answered question on the routes that show something of the order.
 */
export function customerLinkFlow<Link extends FlowLink, Order extends FlowOrder>(kind: CustomerLink<Link, Order>) {
  type Found = { link: Link; order: Order };
  const { db, cipher, outbox, env } = kind.services;
  const cookieOf = (request: FastifyRequest) => readLinkCookie(request, kind.cookie);

  return {
    /** This request's cookie of the link, if it has one. */
    cookieOf,

    /** The link, which question it asks, and whether this browser has answered it. */
    async open(request: FastifyRequest): Promise<Found & { question: VerificationQuestion; verified: boolean }> {
      const found = await kind.find(linkTokenOf(request), new Date());
      return { ...found, question: verificationQuestionOfApplication(found.order.formData), verified: isVerifiedBrowser(found.link, cipher, cookieOf(request)) };
    },

    /** The link, for the browser that answered its question; refused to any other. */
    async requireVerified(request: FastifyRequest): Promise<Found> {
      const found = await kind.find(linkTokenOf(request), new Date());
      if (!isVerifiedBrowser(found.link, cipher, cookieOf(request))) throw new AppError(kind.notVerified.code, kind.notVerified.message);
      return found;
    },

    /** E-mails a code to answer with, for a link whose question is `email_code` (a conflict for any other). */
    async sendCode(request: FastifyRequest): Promise<EmailCodeSentResponse> {
      const now = new Date();
      const found = await kind.find(linkTokenOf(request), now);
      if (verificationQuestionOfApplication(found.order.formData) !== 'email_code') throw new AppError('conflict', emailCodeMessages.notAsked);
      return sendLinkCode({
        db,
        outbox,
        env,
        link: { kind: kind.code.kind, id: found.link.id, orderId: found.link.orderId, secret: cipher.decrypt(found.link.sessionSecret) },
        to: kind.code.to(found),
        trackingNumber: found.order.applicationId,
        purpose: kind.code.purpose,
        locale: orderLocale(found.order.locale),
        now,
      });
    },

    /**
     * Answers the link's question with the request's body: wrong, a validation error on the answer's
     * field saying how many tries are left; right, this browser's cookie, until the link expires.
     */
    async answer(request: FastifyRequest, reply: FastifyReply): Promise<Found> {
      const now = new Date();
      const found = await kind.find(linkTokenOf(request), now);
      const question = verificationQuestionOfApplication(found.order.formData);
      const answer = parseWith(verificationAnswerSchemas[question], request.body);
      const result = await kind.verify(found, answer, now);
      if (!result.ok) {
        const message = question === 'email_code' ? emailCodeMessages.wrong(result.attemptsLeft) : ssnLastFourMessages.wrong(result.attemptsLeft);
        throw new AppError('validation_failed', message, question === 'email_code' ? { code: [message] } : { ssnLast4: [message] });
      }
      setLinkCookie(request, reply, kind.cookie, { secret: result.sessionSecret, expiresAt: found.link.expiresAt, now });
      return found;
    },
  };
}
