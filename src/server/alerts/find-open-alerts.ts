import { asc, isNull } from 'drizzle-orm';
import { alertOccurrences, type Db } from '../db';
import { alertKeys, alertTitles, type AlertKey, type AlertsResponse } from '#shared/alerts/alerts.ts';
import { describeAlert } from './alert-email';

/** The conditions open now, as the last check found them, the oldest first (`GET /api/manage/alerts`). */
export async function findOpenAlerts(db: Db): Promise<AlertsResponse> {
  const rows = await db.select().from(alertOccurrences).where(isNull(alertOccurrences.endedAt)).orderBy(asc(alertOccurrences.startedAt), asc(alertOccurrences.id));
  // A key this build no longer knows (a newer instance's) is left out rather than guessed at.
  const known = rows.filter((row): row is typeof row & { key: AlertKey } => (alertKeys as readonly string[]).includes(row.key));
  return {
    alerts: known.map((row) => ({
      key: row.key,
      title: alertTitles[row.key],
      description: describeAlert({ key: row.key, trackingNumbers: row.trackingNumbers, measured: row.measured }),
      startedAt: row.startedAt.toISOString(),
      trackingNumbers: row.trackingNumbers,
      measured: row.measured,
    })),
  };
}
