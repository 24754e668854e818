import { paths } from '#client/paths.ts';
import { can } from '#shared/staff/permissions.ts';

/** What the login page was opened with, beside the address: why the user is there. */
export type LoginPageState = { notice?: string };

// Any origin works: it only tells a path on this site from an address elsewhere.
const placeholderOrigin = 'https://manage.invalid';

/**
 * The panel's first page for `member` (what `/manage` opens): the dashboard for a member who sees its
 * figures about money (decision 066), the orders list for everyone else.
 */
export function panelHomePath(member: { role: string | null }): string {
  return can(member, 'dashboard:money') ? paths.manageDashboard : paths.manageOrders;
}

/**
 * Where to go after signing in: the `next` address when it is a page of the staff panel on this
 * site, else the panel's first page (`/manage`, which opens the member's own, `panelHomePath`).
 * Anything else (another site, `//host`, `/manage/login` itself) is ignored, so a crafted link cannot
 * send a signed-in user away.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return paths.manage;
  let url: URL;
  try {
    url = new URL(next, placeholderOrigin);
  } catch {
    return paths.manage;
  }
  const inPanel = url.pathname === paths.manage || url.pathname.startsWith(`${paths.manage}/`);
  if (url.origin !== placeholderOrigin || !inPanel || url.pathname === paths.manageLogin) return paths.manage;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/manage/login?next=...`, coming back to the page in `location` once signed in. */
export function loginPathFor(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  if (safeNextPath(next) !== next || next === paths.manage) return paths.manageLogin;
  return `${paths.manageLogin}?${new URLSearchParams({ next }).toString()}`;
}
