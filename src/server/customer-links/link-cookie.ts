import type { FastifyReply, FastifyRequest } from 'fastify';
import { sealedSecretMatches, type FieldCipher } from '../encryption';

/**
 * The cookie that proves a browser answered a link's question: it holds the link's session secret,
 * and goes only to the API of that kind of link (its path).
 */
export type LinkCookie = { name: string; path: string };

/** What a link keeps of its answered question: when, and the session secret (encrypted). */
export type LinkSession = { verifiedAt: Date | null; sessionSecret: string };

export function readLinkCookie(request: FastifyRequest, cookie: LinkCookie): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookie.name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Gives this browser the link's session secret until the link expires: HttpOnly, SameSite=Strict, Secure over HTTPS. */
export function setLinkCookie(request: FastifyRequest, reply: FastifyReply, cookie: LinkCookie, session: { secret: string; expiresAt: Date; now: Date }): void {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - session.now.getTime()) / 1000));
  reply.header(
    'set-cookie',
    `${cookie.name}=${encodeURIComponent(session.secret)}; Path=${cookie.path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`,
  );
}

/** Whether this browser answered the link's question: its cookie holds the link's session secret (compared in constant time). */
export function isVerifiedBrowser(link: LinkSession, cipher: FieldCipher, cookieValue: string | undefined): boolean {
  return link.verifiedAt !== null && sealedSecretMatches(cipher, link.sessionSecret, cookieValue);
}
