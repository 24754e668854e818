// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { createPaidOrder, insertPaidCheckout, type Order } from '#tests/factories/orders.ts';
import { staffInject, withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { alertOccurrences, auditLog, checkouts, emailOutbox, filings, settings, user } from '../db';
import { enqueueEmail } from '../email';
import { alertTitles, type AlertKey, type AlertsResponse } from '#shared/alerts/alerts.ts';
import type { AccountResponse } from '#shared/staff/account.ts';
import { checkAlerts, checkJobsStopped, recordJobHeartbeat, withHeartbeats } from './index';

// Alerts (decision 065): each condition sends one e-mail to each admin who wants them when it starts
// and one when it ends, however often and however many checks at once find it; they name orders by
// tracking number and nothing else; the route answers what is open, to those who may read alerts.

describe.each(testDatabaseKinds)('alerts on %s', (kind) => {
  const harness = withStaffApp(kind);
  let admin: SignedInMember;
  let optedOut: SignedInMember;
  let fulfiller: SignedInMember;

  const options = () => ({ services: harness.services, log: harness.app.log });
  /** Every alert e-mail queued for `key`, by its subject: the start's or the end's. */
  async function alertEmails(key: AlertKey, phase: 'started' | 'ended') {
    const subject = `${phase === 'started' ? 'Alert' : 'Resolved'}: ${alertTitles[key]}`;
    const rows = await harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, phase === 'started' ? 'alert_started' : 'alert_ended'));
    return rows.filter((row) => row.subject === subject);
  }
  /** Who must receive an alert: every admin not suspended who has not turned alert e-mails off. */
  async function optedInAdmins(): Promise<string[]> {
    const rows = await harness.database.db
      .select({ email: user.email })
      .from(user)
      .where(and(eq(user.role, 'admin'), eq(user.banned, false), eq(user.alertEmails, true)));
    return rows.map((row) => row.email).sort();
  }
  async function expectOneEach(key: AlertKey, phase: 'started' | 'ended') {
    const sent = await alertEmails(key, phase);
    const recipients = sent.map((row) => row.toAddress).sort();
    expect(recipients).toEqual(await optedInAdmins());
    expect(recipients).toContain(admin.email);
    expect(recipients).not.toContain(optedOut.email);
    expect(recipients).not.toContain(fulfiller.email);
    // Each was sent at once, after the commit.
    expect(sent.every((row) => row.status === 'sent')).toBe(true);
    return sent;
  }
  /** Checks again and again, and twice at once: nothing more may be sent. */
  async function checkRepeatedly(check: () => Promise<unknown>) {
    await check();
    await check();
    await Promise.all([check(), check()]);
  }
  const openAlerts = async (cookie: string) => {
    const response = await staffInject(harness.app, cookie, 'GET', '/api/manage/alerts');
    expect(response.statusCode).toBe(200);
    return response.json<AlertsResponse>().alerts;
  };

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin' });
    optedOut = await harness.signedIn({ role: 'admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller' });
    const turnedOff = await staffInject(harness.app, optedOut.cookie, 'PATCH', '/api/manage/account/alert-emails', { receive: false });
    expect(turnedOff.statusCode).toBe(200);
  });

  it('lets an admin turn their alert e-mails off and on, and refuses the switch to a fulfiller', async () => {
    const account = await staffInject(harness.app, optedOut.cookie, 'GET', '/api/manage/account');
    expect(account.json<AccountResponse>().alertEmails).toBe(false);
    const on = await staffInject(harness.app, admin.cookie, 'PATCH', '/api/manage/account/alert-emails', { receive: true });
    expect(on.json()).toEqual({ alertEmails: true });
    expect((await staffInject(harness.app, admin.cookie, 'GET', '/api/manage/account')).json<AccountResponse>().alertEmails).toBe(true);
    // Each switch is on the record, with the choice made.
    const audited = await harness.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'alert_emails_changed'), eq(auditLog.target, `user:${optedOut.id}`)));
    expect(audited.map((row) => row.detail)).toEqual([{ receive: false }]);

    expect((await staffInject(harness.app, fulfiller.cookie, 'GET', '/api/manage/account')).json<AccountResponse>().alertEmails).toBeNull();
    const refused = await staffInject(harness.app, fulfiller.cookie, 'PATCH', '/api/manage/account/alert-emails', { receive: true });
    expect(refused.statusCode).toBe(403);
    const invalid = await staffInject(harness.app, admin.cookie, 'PATCH', '/api/manage/account/alert-emails', { receive: 'yes' });
    expect(invalid.statusCode).toBe(400);
  });

  describe('a fax given up', () => {
    let order: Order;
    const companyName = 'Quiet Pines Bakery LLC';

    beforeAll(async () => {
      order = await createPaidOrder(harness.database.db, { status: 'ss4_signed_awaiting_irs', application: { company: { companyName } } });
      await harness.database.db.insert(filings).values({ orderId: order.id, method: 'fax', status: 'failed', attempts: 6, toNumber: '+18556416935', failureReason: 'The line was busy.' });
    });

    it('e-mails each opted-in admin once, naming the order by its tracking number and nothing personal', async () => {
      await checkRepeatedly(() => checkAlerts(options()));
      const sent = await expectOneEach('fax_given_up', 'started');
      const contact = (order.formData as { contact: Record<string, string> }).contact;
      for (const row of sent) {
        for (const body of [row.textBody, row.htmlBody]) {
          expect(body).toContain(order.applicationId);
          for (const personal of [companyName, order.billingEmail, contact.rpFirstName, contact.rpLastName, contact.rpSSN].filter(Boolean)) expect(body).not.toContain(personal);
        }
        expect(row.orderId).toBeNull();
      }
    });

    it('answers the open condition to an admin, and refuses the alerts to a fulfiller', async () => {
      const alerts = await openAlerts(admin.cookie);
      expect(alerts.find((alert) => alert.key === 'fax_given_up')).toMatchObject({ title: alertTitles.fax_given_up, trackingNumbers: [order.applicationId], measured: 1 });
      const refused = await staffInject(harness.app, fulfiller.cookie, 'GET', '/api/manage/alerts');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { code: 'permission_denied' } });
    });

    it('e-mails once more when the order is filed again, and answers it no longer', async () => {
      await harness.database.db.insert(filings).values({ orderId: order.id, method: 'online', status: 'filed' });
      await checkRepeatedly(() => checkAlerts(options()));
      await expectOneEach('fax_given_up', 'ended');
      expect(await alertEmails('fax_given_up', 'started')).toHaveLength((await optedInAdmins()).length);
      expect((await openAlerts(admin.cookie)).map((alert) => alert.key)).not.toContain('fax_given_up');
      const occurrences = await harness.database.db.select().from(alertOccurrences).where(eq(alertOccurrences.key, 'fax_given_up'));
      expect(occurrences).toHaveLength(1);
      expect(occurrences[0]!.endedAt).not.toBeNull();
    });
  });

  it('e-mails once when the oldest unsent e-mail is past the threshold, and once when it has gone', async () => {
    const { db } = harness.database;
    const stuck = await enqueueEmail(db, { kind: 'assignment', to: 'someone@example.com', subject: 'Held', text: 'Held', html: '<p>Held</p>' });
    await db.update(emailOutbox).set({ createdAt: new Date(Date.now() - 20 * 60_000) }).where(eq(emailOutbox.id, stuck));
    await checkRepeatedly(() => checkAlerts(options()));
    const started = await expectOneEach('email_stuck', 'started');
    expect(started[0]!.textBody).toContain('The oldest unsent e-mail has waited 20 minutes');
    expect((await openAlerts(admin.cookie)).find((alert) => alert.key === 'email_stuck')).toMatchObject({ measured: 20, trackingNumbers: [] });

    await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, stuck));
    await checkRepeatedly(() => checkAlerts(options()));
    await expectOneEach('email_stuck', 'ended');
    expect(await alertEmails('email_stuck', 'started')).toHaveLength((await optedInAdmins()).length);
  });

  it('e-mails once when no background job has completed for the threshold, and once when one completes', async () => {
    const { db } = harness.database;
    await recordJobHeartbeat(db, 'email-outbox', new Date(Date.now() - 30 * 60_000));
    await checkRepeatedly(() => checkJobsStopped(options()));
    const started = await expectOneEach('jobs_stopped', 'started');
    expect(started[0]!.textBody).toContain('No background job has completed for 30 minutes');

    // A job's run, wrapped as the job runner is given it, writes its heartbeat when it completes.
    await withHeartbeats(db, harness.app.log)({ name: 'email-outbox', everySeconds: 5, run: async () => 0 }).run();
    await checkRepeatedly(() => checkJobsStopped(options()));
    await expectOneEach('jobs_stopped', 'ended');
    expect(await alertEmails('jobs_stopped', 'started')).toHaveLength((await optedInAdmins()).length);
  });

  it('reads its thresholds from the settings: orders overdue at the IRS, and a payment taken without its order', async () => {
    const { db } = harness.database;
    await db.insert(settings).values({ key: 'alert_irs_overdue_orders', value: '2' }).onConflictDoUpdate({ target: settings.key, set: { value: '2' } });
    const overdue = [await createPaidOrder(db, { status: 'irs_overdue' })];
    await checkAlerts(options());
    expect(await alertEmails('irs_overdue', 'started')).toHaveLength(0);
    overdue.push(await createPaidOrder(db, { status: 'irs_overdue' }));

    // A checkout the provider said was paid 20 minutes ago, whose order's transaction failed.
    const unpaid = await insertPaidCheckout(db, { trackingNumber: 'PAIDNOORDER1', formData: {}, email: 'payer@example.com', amountCents: 14900, currency: 'usd', paymentIntentId: 'pi_test_alert_unreconciled' });
    await db.update(checkouts).set({ status: 'open', paymentSucceededAt: new Date(Date.now() - 20 * 60_000) }).where(eq(checkouts.id, unpaid.id));

    await checkRepeatedly(() => checkAlerts(options()));
    await expectOneEach('irs_overdue', 'started');
    await expectOneEach('payment_unreconciled', 'started');
    const alerts = await openAlerts(admin.cookie);
    expect(alerts.find((alert) => alert.key === 'irs_overdue')).toMatchObject({ measured: 2, trackingNumbers: overdue.map((order) => order.applicationId) });
    expect(alerts.find((alert) => alert.key === 'payment_unreconciled')).toMatchObject({ measured: 1, trackingNumbers: ['PAIDNOORDER1'] });
  });
});
