import type { Permission } from '../staff/permissions';

// The staff pages the server renders for the signed-in member who asks for them (decision 068), so
// their first screen paints with the page's HTML instead of after the panel's scripts and calls.

/** A GET of the API that a page renders from, and the browser's cache key for its answer. */
export type PageQuery = {
  readonly key: readonly string[];
  readonly url: string;
  /** Asked only for a member whose role grants it, as the page itself does. */
  readonly permission?: Permission;
};

/** One answer the server got for a page, embedded in the page for the browser's first render. */
export type PageAnswer = { url: string; status: number; body: unknown };

/** Who is signed in: asked first, and the page is rendered only for a session with nothing left to do. */
export const staffSessionQuery = { key: ['staff-session'], url: '/api/manage/session' } as const satisfies PageQuery;

export const dashboardSummaryQuery = { key: ['manage-dashboard'], url: '/api/manage/dashboard', permission: 'dashboard:read' } as const satisfies PageQuery;

export const openAlertsQuery = { key: ['manage-alerts'], url: '/api/manage/alerts', permission: 'alerts:read' } as const satisfies PageQuery;

/** Each page the server renders signed in, by path, with the answers it renders from (the session first). */
export const signedInPages: Readonly<Record<string, readonly PageQuery[]>> = {
  '/manage/dashboard': [staffSessionQuery, dashboardSummaryQuery, openAlertsQuery],
};

/** Every query any such page renders from. (A literal, so a build that uses none of this leaves it all out.) */
export const signedInPageQueries: readonly PageQuery[] = [staffSessionQuery, dashboardSummaryQuery, openAlertsQuery];

/** The id of the inert JSON element that carries a page's answers. */
export const pageAnswersElementId = 'page-answers';
