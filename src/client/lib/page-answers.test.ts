// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { dashboardSummaryQuery, pageAnswersElementId, staffSessionQuery, type PageAnswer } from '#shared/site/signed-in-pages.ts';
import { adminUser } from '#tests/client/staff.ts';

// A page the server rendered signed in carries the API's answers it was rendered from: the first call
// for each is answered from the page, as the server's own answer would have been, and later ones ask.

const session = { user: adminUser, required: null, twoFactorEnabled: true, stepUpUntil: null };
const refused = { error: { code: 'permission_denied', message: 'Your role does not allow this.' } };

function embed(answers: PageAnswer[]): void {
  document.body.innerHTML = `<div id="root"></div><script id="${pageAnswersElementId}" type="application/json">${JSON.stringify(answers)}</script>`;
}

describe('the answers a page came with', () => {
  beforeEach(() => {
    // Each test reads the page afresh, as a new page load does.
    vi.resetModules();
  });

  it('answers the first call from the page, and asks the server the next time', async () => {
    embed([{ url: staffSessionQuery.url, status: 200, body: session }]);
    const { getAnswered } = await import('./page-answers');
    serve({ 'GET /api/manage/session': () => jsonResponse({ ...session, stepUpUntil: '2026-11-30T12:00:00.000Z' }) });

    await expect(getAnswered(staffSessionQuery.url)).resolves.toEqual(session);
    expect(requestsTo('GET', staffSessionQuery.url)).toHaveLength(0);
    await expect(getAnswered(staffSessionQuery.url)).resolves.toMatchObject({ stepUpUntil: '2026-11-30T12:00:00.000Z' });
    expect(requestsTo('GET', staffSessionQuery.url)).toHaveLength(1);
  });

  it("gives a refusal the page came with as the server's refusal", async () => {
    embed([{ url: dashboardSummaryQuery.url, status: 403, body: refused }]);
    const { getAnswered } = await import('./page-answers');
    const { ApiError } = await import('./api');
    const failure = await getAnswered(dashboardSummaryQuery.url).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, code: 'permission_denied', message: 'Your role does not allow this.' });
  });

  it("fills the panel's queries with the successful answers only, for the first render", async () => {
    embed([
      { url: staffSessionQuery.url, status: 200, body: session },
      { url: dashboardSummaryQuery.url, status: 500, body: null },
    ]);
    const { createAppQueryClient, fillFromAnswers } = await import('./server-state');
    const { peekPageAnswer } = await import('./page-answers');
    const client = fillFromAnswers(createAppQueryClient(), peekPageAnswer);
    expect(client.getQueryData(staffSessionQuery.key)).toEqual(session);
    expect(client.getQueryState(dashboardSummaryQuery.key)).toBeUndefined();
  });

  it('asks the server when the page came with no answers', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const { getAnswered } = await import('./page-answers');
    serve({ 'GET /api/manage/session': () => jsonResponse(session) });
    await expect(getAnswered(staffSessionQuery.url)).resolves.toEqual(session);
    expect(requestsTo('GET', staffSessionQuery.url)).toHaveLength(1);
  });
});
