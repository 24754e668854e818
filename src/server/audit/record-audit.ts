import { auditLog, type Db } from '../db';

// The audit log (DESIGN 5 and 8): who did what to which order or account, and when. The actor's id
// and e-mail are copied, so the row outlives the account. Never an SSN, password or token.

export const auditActions = [
  'sign_in',
  'sign_in_failed',
  'sign_in_throttled',
  'sign_out',
  'access_denied',
  'ssn_revealed',
  'ss4_downloaded',
  'signature_requested',
  'ss4_signed',
  'signed_ss4_downloaded',
  'customer_document_downloaded',
  'order_status_changed',
  'order_assignment_changed',
  'order_auto_assigned',
  'refund_created',
  'refund_failed',
  'refund_recorded',
  'order_cancelled_by_customer',
  'dispute_opened',
  'dispute_updated',
  'user_created',
  'user_updated',
  'user_password_reset',
  'user_suspended',
  'user_reactivated',
  'user_deleted',
  'account_unlocked',
  'password_changed',
  'password_change_required',
  'session_revoked',
  'data_purged',
  'customer_data_exported',
  'customer_data_deleted',
  'two_factor_enrolled',
  'two_factor_failed',
  'two_factor_reset',
  'recovery_code_used',
  'recovery_codes_regenerated',
] as const;
export type AuditAction = (typeof auditActions)[number];

export type AuditActor = { id: string; email: string } | null;

export type AuditEntry = {
  /** null for the system (auto-assignment) or an anonymous caller. */
  actor: AuditActor;
  action: AuditAction;
  /** `order:12`, `user:<id>`, or the e-mail a failed sign-in used. */
  target?: string | null;
  detail?: Record<string, unknown>;
  ipAddress?: string | null;
};

/** Writes one row; pass a transaction as `db` to make it part of the change it records. */
export async function recordAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}
