import { escapeHtml, htmlEmail, type MailMessage } from '../email';
import { alertTitles, type AlertKey } from '#shared/alerts/alerts.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';
import { businessTimeZone } from '#shared/dates.ts';

/** An occurrence as its e-mails and the alerts route describe it: tracking numbers and a figure, nothing personal. */
export type AlertFacts = { key: AlertKey; trackingNumbers: string[]; measured: number | null };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What is wrong now and what to do, in a sentence or two (the e-mail that opens it, and the route). */
export function describeAlert({ key, measured }: AlertFacts): string {
  const count = measured ?? 0;
  switch (key) {
    case 'fax_given_up':
      return `The fax outbox gave up sending the SS-4 of ${plural(count, 'order', 'orders')} to the IRS. Open each order, check its fax filing's reason, and file it again by fax or online.`;
    case 'email_stuck':
      return `The oldest unsent e-mail has waited ${plural(count, 'minute', 'minutes')}. Check the mail server (SMTP_URL) and the log; the outbox keeps retrying.`;
    case 'irs_overdue':
      return `${plural(count, 'order is', 'orders are')} "Overdue at IRS". Check the Fax inbox for answers that could not be matched, and the IRS fax line.`;
    case 'payment_unreconciled':
      return `${plural(count, 'payment', 'payments')} succeeded at the payment provider without an order being made. Check the log for the reconciliation's errors; the reconciliation keeps trying.`;
    case 'jobs_stopped':
      return `No background job has completed for ${plural(count, 'minute', 'minutes')}: e-mails, faxes and the payment reconciliation wait. Check that the service is running and the log for the job runner's errors.`;
  }
}

const brand = 'EIN Filing Service: Management Panel';
const footer = 'You get alert e-mails as an admin; turn them off under My Account in the management panel.';

/**
 * The admin's e-mail when a condition starts (`started`) or ends. It names orders by tracking number
 * alone: no customer's name, e-mail, company or taxpayer number travels in it.
 */
export function alertEmail(facts: AlertFacts & { phase: 'started' | 'ended'; at: Date; startedAt: Date; panelUrl: string }): Omit<MailMessage, 'to'> {
  const title = alertTitles[facts.key];
  const at = formatCustomerTime(facts.at, businessTimeZone, 'en');
  const subject = facts.phase === 'started' ? `Alert: ${title}` : `Resolved: ${title}`;
  const lines =
    facts.phase === 'started'
      ? [`Since ${at}: ${describeAlert(facts)}`]
      : [`This alert, open since ${formatCustomerTime(facts.startedAt, businessTimeZone, 'en')}, ended at ${at}. Nothing more is needed for it.`];
  const named = facts.phase === 'started' && facts.trackingNumbers.length > 0 ? facts.trackingNumbers : [];
  // Each condition naming orders measures how many there are; only the first ones are listed.
  const more = named.length > 0 && facts.measured !== null ? Math.max(0, facts.measured - named.length) : 0;
  const text = [
    subject,
    '',
    ...lines,
    ...(named.length > 0 ? ['', 'Orders:', ...named.map((number) => `- ${number}`), ...(more > 0 ? [`- and ${more} more`] : [])] : []),
    '',
    `Open the management panel: ${facts.panelUrl}`,
    '',
    footer,
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = htmlEmail({
    subject,
    brand,
    heading: subject,
    footer,
    body: `${lines.map((line) => `<p style="margin:0 0 16px">${e(line)}</p>`).join('\n')}
${
  named.length > 0
    ? `<p style="margin:0 0 4px">Orders:</p>\n<ul style="margin:0 0 16px;font-family:'Courier New',monospace">${named.map((number) => `<li>${e(number)}</li>`).join('')}${more > 0 ? `<li>and ${more} more</li>` : ''}</ul>\n`
    : ''
}<p style="margin:0 0 16px"><a href="${e(facts.panelUrl)}" style="color:#1d4ed8">Open the management panel</a></p>`,
  });
  return { subject, text, html };
}
