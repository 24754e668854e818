import { auditLog, type Db } from '../db';
import { auditActionLabels, type LabelledAuditAction } from '#shared/audit/audit.ts';

// The audit log (DESIGN 5 and 8): who did what to which order or account, and when. The actor's id
// and e-mail are copied, so the row outlives the account. Never an SSN, password or token.

/** Every action the audit log writes: the ones with a label for the trail screen (src/shared/audit/audit.ts). */
export const auditActions = Object.keys(auditActionLabels) as LabelledAuditAction[];
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
