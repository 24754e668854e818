import { describe, expect, it, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { testDatabaseKinds } from '#tests/support/database.ts';
import { withStaffApp, type SignedInMember } from '#tests/support/staff-app.ts';
import { planDashboardOrders } from '#tests/factories/dashboard-plan.ts';
import { insertDashboardPlan } from '#tests/factories/dashboard-seed.ts';
import { refreshDashboard } from '#server/dashboard/index.ts';
import { auditLog, user } from '#server/db/index.ts';
import { pageAnswersElementId, type PageAnswer } from '#shared/site/signed-in-pages.ts';
import type { DashboardSummary } from '#shared/dashboard/dashboard.ts';

// The dashboard as the server sends it to the member who asks for it (decision 068): its figures in
// the HTML, rendered from the API's own answers to the member's cookie, which travel with the page.

function parse(html: string) {
  const { document } = new JSDOM(html).window;
  const answersText = document.getElementById(pageAnswersElementId)?.textContent;
  const answers = answersText ? (JSON.parse(answersText) as PageAnswer[]) : null;
  return { document, answers, root: document.getElementById('root')! };
}

/** Each row of the figures table as its cells' text, the row's header first. */
function figureRows(document: Document): string[][] {
  const table = document.querySelector('table[aria-label="Figures by period"]');
  return [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim()));
}

describe.each(testDatabaseKinds)('the dashboard rendered signed in on %s', (kind) => {
  const harness = withStaffApp(kind, { renderedPages: true });
  let admin: SignedInMember;
  let fulfiller: SignedInMember;

  beforeAll(async () => {
    admin = await harness.signedIn({ role: 'admin', name: 'Ada </script><script>alert(1)</script> Admin' });
    fulfiller = await harness.signedIn({ role: 'fulfiller' });
    const now = new Date();
    await insertDashboardPlan(harness.database.db, planDashboardOrders(now, 30, [fulfiller.id, null]));
    await refreshDashboard(harness.database.db, now);
    // Rendering from the renderer's source compiles the panel's pages on the first request.
  }, 120_000);

  const getPage = (cookie?: string, url = '/manage/dashboard') => harness.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const apiAnswer = async <T>(url: string, cookie: string) => (await harness.app.inject({ method: 'GET', url, headers: { cookie } })).json<T>();

  it("sends an admin the figures in the page's HTML, with the answers it was rendered from, never to be stored", async () => {
    const response = await getPage(admin.cookie, '/manage/dashboard?range=90d');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    const { document, answers, root } = parse(response.body);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.title).toBe('Dashboard | EIN Filing Service');
    expect(root.querySelector('h1')?.textContent).toBe('Dashboard');
    expect(root.textContent).toContain('Management Panel');

    const summary = await apiAnswer<DashboardSummary>('/api/manage/dashboard', admin.cookie);
    const rows = figureRows(document);
    expect(rows.map((row) => row[0])).toEqual(summary.figures.map((figure) => figure.label));
    expect(rows[0]?.[0]).toBe('Paid orders');
    // Every cell has its figure: none is the pending ellipsis of a page still waiting for its data.
    const paid = summary.figures.find((figure) => figure.key === 'paidOrders')!;
    expect(paid.values.some((value) => value.current > 0)).toBe(true);
    paid.values.forEach((value, column) => expect(rows[0]?.[column + 1]).toMatch(new RegExp(`^${value.current.toLocaleString('en-US')}\\D`)));
    expect(rows.flat().join(' ')).not.toContain('…');
    expect(rows.map((row) => row[0])).toContain('Revenue net of refunds');
    expect(root.textContent).toMatch(/Figures as of .* (EST|EDT)\./);
    // The charts' boxes are there, waiting for their rows.
    expect(root.querySelectorAll('figure')).toHaveLength(4);

    // The answers are the API's own, in the order asked; the name with a script in it stays text.
    expect(answers?.map((answer) => [answer.url, answer.status])).toEqual([
      ['/api/manage/session', 200],
      ['/api/manage/dashboard', 200],
      ['/api/manage/alerts', 200],
    ]);
    expect(answers?.[1]?.body).toEqual(summary);
    expect((answers?.[0]?.body as { user: { name: string } }).user.name).toBe(admin.name);
    expect(response.body.match(/<\/script>/g)?.length).toBe(document.querySelectorAll('script').length);
  });

  it('sends a fulfiller their own figures, without money and without the alerts', async () => {
    const response = await getPage(fulfiller.cookie);
    expect(response.statusCode).toBe(200);
    const { document, answers, root } = parse(response.body);
    const rows = figureRows(document);
    expect(rows.map((row) => row[0])).not.toContain('Revenue net of refunds');
    expect(root.textContent).toContain('Your orders only: the figures and charts count the orders assigned to you.');
    expect(root.textContent).not.toContain('$');
    expect(answers?.map((answer) => answer.url)).toEqual(['/api/manage/session', '/api/manage/dashboard']);
    expect(response.body).not.toContain('netRevenueCents');
  });

  it('sends the empty page the browser fills to a visitor who is not signed in', async () => {
    for (const cookie of [undefined, 'ein_staff.session_token=not-a-session']) {
      const response = await getPage(cookie);
      expect(response.statusCode).toBe(200);
      const { answers, root } = parse(response.body);
      expect(root.childElementCount).toBe(0);
      if (cookie) expect(answers?.map((answer) => answer.status)).toEqual([401]);
      else expect(answers).toBeNull();
    }
  });

  it("tells a suspended member's browser what the check found, and audits the refusal once", async () => {
    const member = await harness.signedIn({ role: 'fulfiller' });
    await harness.database.db.update(user).set({ banned: true }).where(eq(user.id, member.id));
    const response = await getPage(member.cookie);
    const { answers, root } = parse(response.body);
    expect(root.childElementCount).toBe(0);
    expect(answers).toHaveLength(1);
    expect(answers?.[0]).toMatchObject({ url: '/api/manage/session', status: 403, body: { error: { code: 'account_suspended' } } });
    const refusals = await harness.database.db.select().from(auditLog).where(eq(auditLog.actorId, member.id));
    expect(refusals.filter((entry) => entry.action === 'access_denied')).toHaveLength(1);
  });

  it('leaves the new-password screen to the browser', async () => {
    const member = await harness.signedIn({ role: 'admin' });
    await harness.database.db.update(user).set({ mustChangePassword: true }).where(eq(user.id, member.id));
    const { answers, root } = parse((await getPage(member.cookie)).body);
    expect(root.childElementCount).toBe(0);
    expect(answers?.map((answer) => answer.url)).toEqual(['/api/manage/session']);
    expect(answers?.[0]?.body).toMatchObject({ required: 'password_change' });
  });
});
