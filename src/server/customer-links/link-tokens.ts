import { createHash } from 'node:crypto';
import type { ErrorCode } from '#shared/errors.ts';
import { AppError } from '../errors';

// A customer link's token is 32 random bytes that only the e-mail carries; the database keeps its
// SHA-256, so a copy of the table opens no link.

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens are 43 base64url characters; anything else is not looked up at all. */
export function isWellFormedLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The answer every link that cannot be used gets: its kind's code (410) and why, with no order data in it. */
export type LinkUnavailable = { code: ErrorCode; unknownMessage: string };

export type FindLinkByTokenOptions<Found> = {
  token: string;
  unavailable: LinkUnavailable;
  /** The link (with its order) whose token has this hash, if any. */
  lookup: (tokenHash: string) => Promise<Found | undefined>;
  /** Why the link found cannot be used now, or null when it can. */
  unusableReason: (found: Found) => string | null;
};

/** The link a token names, or the unavailable answer: for a malformed token, an unknown one, or a link that cannot be used. */
export async function findLinkByToken<Found>({ token, unavailable, lookup, unusableReason }: FindLinkByTokenOptions<Found>): Promise<Found> {
  if (!isWellFormedLinkToken(token)) throw new AppError(unavailable.code, unavailable.unknownMessage);
  const found = await lookup(hashLinkToken(token));
  if (!found) throw new AppError(unavailable.code, unavailable.unknownMessage);
  const reason = unusableReason(found);
  if (reason) throw new AppError(unavailable.code, reason);
  return found;
}
