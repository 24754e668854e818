import { z } from 'zod';

// The service's alerts (decision 065): conditions that staff should hear of before customers notice.
// Each has a key, a short English title (the staff panel is English) and what it measures. The server
// opens an occurrence when a check first finds the condition and closes it when a check finds it gone,
// e-mailing the admins once at each end; `GET /api/manage/alerts` answers the ones open now.

export const alertKeys = ['fax_given_up', 'email_stuck', 'irs_overdue', 'payment_unreconciled', 'jobs_stopped'] as const;
export type AlertKey = (typeof alertKeys)[number];

/** What each alert is called, and what its measured value counts. */
export const alertTitles = {
  fax_given_up: 'A fax to the IRS was given up',
  email_stuck: 'E-mails are not going out',
  irs_overdue: 'Many filings are overdue at the IRS',
  payment_unreconciled: 'Paid orders are missing',
  jobs_stopped: 'The background jobs have stopped',
} as const satisfies Record<AlertKey, string>;

/** One condition open now. */
export const openAlertSchema = z
  .strictObject({
    key: z.enum(alertKeys),
    title: z.string(),
    /** One or two English sentences: what is wrong now and what to do. */
    description: z.string(),
    startedAt: z.string(),
    /** The orders it names, by tracking number (nothing else about them). */
    trackingNumbers: z.array(z.string()),
    /** What was last measured: a count of orders or checkouts, or minutes, by condition; null when it names orders alone. */
    measured: z.number().int().nullable(),
  })
  .meta({ id: 'OpenAlert' });
export type OpenAlert = z.infer<typeof openAlertSchema>;

/** `GET /api/manage/alerts`: the conditions open now, the oldest first. */
export const alertsResponseSchema = z.strictObject({ alerts: z.array(openAlertSchema) });
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

/** `PATCH /api/manage/account/alert-emails`: whether the member receives the alert e-mails. */
export const alertEmailsSchema = z.strictObject({ receive: z.boolean() });
export type AlertEmails = z.infer<typeof alertEmailsSchema>;
export const alertEmailsResponseSchema = z.strictObject({ alertEmails: z.boolean() });
