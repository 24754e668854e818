import type { orders, Db } from '../db';
import type { Env } from '../env';
import type { FieldCipher } from '../encryption';
import type { StatusEmailKind } from '#shared/orders/lifecycle.ts';
import { queueCancelledEmail, queueOnHoldEmail } from './queue-status-email';
import { queueEinEmail } from './queue-ein-email';

// What a change of status does besides its own rows, in one map beside the transition table
// (src/shared/orders/lifecycle.ts): each kind of customer e-mail a transition names has its effect
// here, and the type checker refuses a kind without one. The reason a status asks for is the table's
// (`asksForReason`), written by `changeOrderStatus` itself.

type Order = typeof orders.$inferSelect;
type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** A staff member making a change: their role is checked against the change's permission. */
export type StaffActor = { id: string; email: string; role: string | null };

/** What a signing request is made with, for a change that asks the customer to sign. */
export type SigningRequestInput = {
  cipher: FieldCipher;
  env: Pick<Env, 'SIGNING_LINK_DAYS' | 'SUPPORT_EMAIL'>;
  /** Asking again after staff voided the signature: the e-mail says why, in staff's words, and when the set-aside signature was given. */
  again?: { reason: string; signedAt: Date };
};

/** What an effect is given: the order as the change saved it, and the change's facts. */
export type StatusEffectContext = {
  order: Order;
  actor: StaffActor | null;
  ipAddress: string | null;
  env: Pick<Env, 'SUPPORT_EMAIL'>;
  /** `PUBLIC_URL` or the request's origin, for the links in the e-mails. */
  origin: string;
  now: Date;
  /** The IRS letter's page (`/ein-letter/<token>`), which the EIN e-mail links to. */
  einLetterPath?: string;
  signing?: SigningRequestInput;
};

/** An effect's outcome: the outbox row it queued (null when nothing was due), and the order when it changed it. */
export type StatusEffectOutcome = { emailId: number | null; order?: Order };

export type StatusEffect = (tx: Tx, context: StatusEffectContext) => Promise<StatusEffectOutcome>;

/**
 * Opens a signing request for a locked order and queues its e-mail (the signing module's
 * `writeSigningRequest`). The signing module changes statuses itself, so this module cannot import it:
 * the composition root registers it (`registerSigningRequestWriter`).
 */
export type SigningRequestWriter = (tx: Tx, options: WriteSigningRequestOptions) => Promise<{ emailId: number }>;

/** What a signing request is written for: the order, locked, and who asked, from where and when. */
export type WriteSigningRequestOptions = SigningRequestInput & {
  order: Order;
  actor: StaffActor | null;
  ipAddress: string | null;
  origin: string;
  now: Date;
};

let signingRequestWriter: SigningRequestWriter | null = null;

/** Gives the lifecycle the signing module's writer of a signing request; called by the composition root. */
export function registerSigningRequestWriter(writer: SigningRequestWriter): void {
  signingRequestWriter = writer;
}

/** The effect of each customer e-mail a change of status sends. */
export const statusEffects = {
  // Entering "Awaiting User Signature": the signing request itself, whose e-mail carries the link (decision 022).
  signature_request: async (tx, { order, actor, ipAddress, origin, now, signing }) => {
    if (!signingRequestWriter) throw new Error('The signing request’s writer is not registered (registerSigningRequestWriter)');
    if (!signing) throw new Error(`A change of order ${order.id} that asks the customer to sign needs what the signing request is made with`);
    const { emailId } = await signingRequestWriter(tx, { order, actor, ipAddress, origin, now, ...signing });
    return { emailId };
  },
  on_hold: async (tx, { order, env, origin }) => ({ emailId: await queueOnHoldEmail(tx, { order, env, origin }) }),
  cancelled: async (tx, { order, env, origin }) => ({ emailId: await queueCancelledEmail(tx, { order, env, origin }) }),
  // Once per EIN: a completed order whose EIN was e-mailed already is not told again.
  ein: async (tx, { order, env, origin, now, einLetterPath }) => {
    if (order.ein === null || order.einEmailedAt !== null) return { emailId: null };
    const emailId = await queueEinEmail(tx, order, { env, origin, now, letterPath: einLetterPath });
    return { emailId, order: { ...order, einEmailedAt: now } };
  },
} as const satisfies Record<StatusEmailKind, StatusEffect>;

/** Runs the effect of the customer e-mail `kind` for an order (locked in `tx`). */
export function applyStatusEffect(tx: Tx, kind: StatusEmailKind, context: StatusEffectContext): Promise<StatusEffectOutcome> {
  const effect: StatusEffect = statusEffects[kind];
  return effect(tx, context);
}
