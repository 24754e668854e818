import { and, eq, isNull } from 'drizzle-orm';
import { alertOccurrences, user, type Db } from '../db';
import { enqueueEmail } from '../email';
import type { Env } from '../env';
import { siteOrigin } from '../http';
import { can } from '#shared/staff/permissions.ts';
import { alertEmail } from './alert-email';
import type { AlertMeasurement } from './measure-alerts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Every staff member who may read alerts, is not suspended and has not turned their e-mails off. */
async function alertRecipients(tx: Tx): Promise<string[]> {
  const members = await tx.select({ email: user.email, role: user.role }).from(user).where(and(eq(user.banned, false), eq(user.alertEmails, true)));
  return members.filter((member) => can(member, 'alerts:read')).map((member) => member.email);
}

/**
 * Records what a check found of one condition, in one transaction: a condition that holds with no
 * open occurrence opens one and queues its e-mail to each recipient; one still holding updates what it
 * names, quietly; one gone closes its occurrence and queues the e-mail saying so. The partial unique
 * index admits one open occurrence per condition and the close updates only an open row, so checks
 * repeated or run at once (on several instances) queue each e-mail once. Answers the e-mails queued.
 */
export async function applyAlertMeasurement({ db, env }: { db: Db; env: Pick<Env, 'PUBLIC_URL' | 'PORT'> }, measurement: AlertMeasurement, now = new Date()): Promise<number[]> {
  const { key, trackingNumbers, measured } = measurement;
  const open = and(eq(alertOccurrences.key, key), isNull(alertOccurrences.endedAt));
  const panelUrl = `${siteOrigin(env)}/manage`;
  return db.transaction(async (tx) => {
    if (measurement.holds) {
      const [stillOpen] = await tx.update(alertOccurrences).set({ trackingNumbers, measured, updatedAt: now }).where(open).returning();
      if (stillOpen) return [];
      // Another check opening it at the same moment waits on the unique index, then inserts nothing.
      const [opened] = await tx.insert(alertOccurrences).values({ key, startedAt: now, trackingNumbers, measured, updatedAt: now }).onConflictDoNothing().returning();
      if (!opened) return [];
      const message = alertEmail({ key, trackingNumbers, measured, phase: 'started', at: now, startedAt: now, panelUrl });
      return Promise.all((await alertRecipients(tx)).map((to) => enqueueEmail(tx, { kind: 'alert_started', to, ...message })));
    }
    const [ended] = await tx.update(alertOccurrences).set({ endedAt: now, updatedAt: now }).where(open).returning();
    if (!ended) return [];
    const message = alertEmail({ key, trackingNumbers: ended.trackingNumbers, measured: ended.measured, phase: 'ended', at: now, startedAt: ended.startedAt, panelUrl });
    return Promise.all((await alertRecipients(tx)).map((to) => enqueueEmail(tx, { kind: 'alert_ended', to, ...message })));
  });
}
