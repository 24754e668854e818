import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { rateLimitHits, type Db } from '#server/db/index.ts';
import { countHit } from '#server/http/index.ts';

// Staff sign-in throttling (decision 018). Every attempt is counted BEFORE the password is checked,
// each counter with one atomic `insert … on conflict … do update … returning count`, so however many
// attempts arrive at once, no more than the budget of them reach the password check. Counters live
// in the rate-limit table, so every app instance counts together.
//
// - Per (account, address), strictly: 5 checks in the window, then 429 until it ends.
// - Per address, strictly: 20 checks in the window over any accounts.
// - Per account, from addresses that have never signed in to it: 5 checks in the window. Past that
//   the guesser is slowed to 5 checks per window, and the owner is e-mailed; an address the account
//   has signed in from before (its "known" addresses, remembered for 90 days) is not held back by
//   strangers' guesses, so a stranger cannot lock the owner out of their usual device.
// A successful sign-in gives back the checks it used. An admin can unlock an account.

/**
 * Every refused sign-in answers no sooner than this after it arrived, so a wrong password, an unknown
 * e-mail (where Better Auth hashes instead of verifying) and a suspended account take the same time.
 */
export const refusedSignInMinMs = 400;

/** Throws `error` once `refusedSignInMinMs` have passed since `started` (the attempt's arrival). */
export async function refuseNoSooner(started: number, error: Error): Promise<never> {
  await sleep(Math.max(0, started + refusedSignInMinMs - Date.now()));
  throw error;
}

export const signInThrottle = {
  windowMs: 15 * 60 * 1000,
  maxChecksPerAccount: 5,
  maxChecksPerAccountAndAddress: 5,
  maxChecksPerAddress: 20,
  knownAddressMs: 90 * 24 * 60 * 60 * 1000,
} as const;

function normalized(email: string): string {
  return email.trim().toLowerCase();
}

export function throttleKeys(email: string, address: string) {
  const account = normalized(email);
  return {
    account: `sign-in|account|${account}`,
    pair: `sign-in|pair|${account}|${address}`,
    pairPrefix: `sign-in|pair|${account}|`,
    address: `sign-in|address|${address}`,
    known: `sign-in|known|${account}|${address}`,
  };
}

export type CheckClaim =
  | { allowed: true; /** The account-wide budget was used (the address is not known to the account). */ usedAccountBudget: boolean }
  | { allowed: false; retryAfterSeconds: number; /** True once per window: the attempt that first went past the account's budget. */ accountBudgetJustExceeded: boolean };

function secondsOf(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 1000));
}

async function isKnownAddress(db: Db, key: string): Promise<boolean> {
  const rows = await db
    .select({ key: rateLimitHits.key })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, sql`now()`)));
  return rows.length > 0;
}

/**
 * Claims one password check for `email` from `address`, or says how long to wait. Call it before
 * verifying; on success call `recordSignInSuccess`, which gives the claimed checks back.
 */
export async function claimSignInCheck(db: Db, email: string, address: string): Promise<CheckClaim> {
  const keys = throttleKeys(email, address);
  const pair = await countHit(db, keys.pair, signInThrottle.windowMs);
  if (pair.current > signInThrottle.maxChecksPerAccountAndAddress) {
    return { allowed: false, retryAfterSeconds: secondsOf(pair.ttl), accountBudgetJustExceeded: false };
  }
  const perAddress = await countHit(db, keys.address, signInThrottle.windowMs);
  if (perAddress.current > signInThrottle.maxChecksPerAddress) {
    return { allowed: false, retryAfterSeconds: secondsOf(perAddress.ttl), accountBudgetJustExceeded: false };
  }
  if (await isKnownAddress(db, keys.known)) return { allowed: true, usedAccountBudget: false };
  const account = await countHit(db, keys.account, signInThrottle.windowMs);
  if (account.current > signInThrottle.maxChecksPerAccount) {
    return {
      allowed: false,
      retryAfterSeconds: secondsOf(account.ttl),
      accountBudgetJustExceeded: account.current === signInThrottle.maxChecksPerAccount + 1,
    };
  }
  return { allowed: true, usedAccountBudget: true };
}

async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, sql`now()`)));
}

/**
 * The password was right: the pair's count starts again, the address and account get back the
 * check this sign-in used, and the address is remembered as one the account signs in from.
 */
export async function recordSignInSuccess(db: Db, email: string, address: string, claim: { usedAccountBudget: boolean }): Promise<void> {
  const keys = throttleKeys(email, address);
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, keys.pair));
  await giveBack(db, keys.address);
  if (claim.usedAccountBudget) await giveBack(db, keys.account);
  await db.execute(sql`
    insert into rate_limit_hits as hits (key, count, reset_at)
    values (${keys.known}, 1, now() + ${signInThrottle.knownAddressMs}::double precision * interval '1 millisecond')
    on conflict (key) do update set count = 1, reset_at = excluded.reset_at`);
}

/** An admin's unlock: forgets the account's counters (passwords and codes) and every (account, address) counter. */
export async function unlockSignIn(db: Pick<Db, 'execute'>, email: string): Promise<number> {
  const keys = throttleKeys(email, '');
  // (Written as SQL: the query builder's typed `returning` does not reach across both drivers' types.)
  const removed = await db.execute(sql`
    delete from rate_limit_hits
    where key = ${keys.account} or key = ${`two-factor|account|${normalized(email)}`} or starts_with(key, ${keys.pairPrefix})
    returning key`);
  return removed.rows.length;
}

/** Whether the account is held back now (past its own budget, or some address past its strict one). */
export async function isSignInLocked(db: Db, email: string): Promise<boolean> {
  const keys = throttleKeys(email, '');
  const rows = await db
    .select({ key: rateLimitHits.key })
    .from(rateLimitHits)
    .where(
      and(
        gt(rateLimitHits.resetAt, sql`now()`),
        or(
          and(eq(rateLimitHits.key, keys.account), sql`${rateLimitHits.count} > ${signInThrottle.maxChecksPerAccount}`),
          and(sql`starts_with(${rateLimitHits.key}, ${keys.pairPrefix})`, sql`${rateLimitHits.count} > ${signInThrottle.maxChecksPerAccountAndAddress}`),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

// Two-factor codes (the code after the password, and the step-up) are claimed the same way, before
// the code is checked: 5 checks per account in the window, whatever the address or the number of
// attempts at once. The password was right, so this counter is the only one left to an attacker who
// has it; a right code starts it again.

export const twoFactorThrottle = { windowMs: 15 * 60 * 1000, maxChecksPerAccount: 5 } as const;

function twoFactorKey(email: string): string {
  return `two-factor|account|${normalized(email)}`;
}

export type CodeClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Claims one code check for the account, or says how long to wait. */
export async function claimTwoFactorCheck(db: Db, email: string): Promise<CodeClaim> {
  const hit = await countHit(db, twoFactorKey(email), twoFactorThrottle.windowMs);
  if (hit.current > twoFactorThrottle.maxChecksPerAccount) return { allowed: false, retryAfterSeconds: secondsOf(hit.ttl) };
  return { allowed: true };
}

/** The code was right: the account's count starts again. */
export async function recordTwoFactorSuccess(db: Db, email: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, twoFactorKey(email)));
}
