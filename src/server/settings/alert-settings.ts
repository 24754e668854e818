import { like } from 'drizzle-orm';
import { settings, type Db } from '../db';

// The alerts' thresholds and the check's pace (decision 065), each a row of `settings` an operator may
// add or change (docs/email-and-jobs.md); a missing or unreadable value falls back to its default.

export const alertSettingDefaults = {
  /** The oldest unsent e-mail older than this many minutes: e-mails are not going out. */
  alert_email_stuck_minutes: 15,
  /**
   * This many orders or more "Overdue at IRS" at once. One overdue order is its assignee's to chase
   * (they are e-mailed); several at once point at the IRS's fax line or at answers not being read.
   */
  alert_irs_overdue_orders: 5,
  /** A payment the provider said succeeded, still without its order after this many minutes (three passes of the reconciliation). */
  alert_payment_unreconciled_minutes: 15,
  /** No background job completed for this many minutes (the e-mail outbox alone runs every minute or more often). */
  alert_jobs_stopped_minutes: 10,
  /** How often the alerts are checked, in seconds (read at start-up). */
  alert_check_seconds: 60,
} as const;
export type AlertSettings = { -readonly [Key in keyof typeof alertSettingDefaults]: number };

/** The alert settings, each a positive whole number, or its default. */
export async function getAlertSettings(db: Db): Promise<AlertSettings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(like(settings.key, 'alert\\_%'));
  const values: AlertSettings = { ...alertSettingDefaults };
  for (const { key, value } of rows) {
    if (!Object.hasOwn(alertSettingDefaults, key)) continue;
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0) {
      console.error(`Ignoring the setting ${key}=${JSON.stringify(value)}: not a positive whole number`);
      continue;
    }
    values[key as keyof AlertSettings] = number;
  }
  return values;
}
