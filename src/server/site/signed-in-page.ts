import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can } from '#shared/staff/permissions.ts';
import type { SignedInSession } from '#shared/staff/two-factor.ts';
import type { PageAnswer, PageQuery } from '#shared/site/signed-in-pages.ts';

/** What the API answered for a page: the answers in order, the cookies they set, and whether the page can be rendered from them. */
export type PageAnswers = { answers: PageAnswer[]; setCookies: string[]; complete: boolean };

/**
 * Asks the API, in this process and with the visitor's own cookie and address, the GETs a signed-in
 * page renders from (decision 068): the same routes, guards, permission checks and audit as the
 * browser's calls. The session comes first; the rest only for a session with nothing left to do, and
 * each only where the member's role grants it, as the page itself asks. The page is rendered only
 * when every answer asked is a success; otherwise its answers still travel with the page, where each
 * stands in for the browser's own first call, so a session ended by the check is reported as the
 * check found it (suspended, expired) rather than as no session at all.
 */
export async function askForPage(app: FastifyInstance, request: FastifyRequest, queries: readonly PageQuery[]): Promise<PageAnswers> {
  const answers: PageAnswer[] = [];
  const setCookies: string[] = [];
  let user: SignedInSession['user'] | null = null;
  for (const query of queries) {
    if (query.permission && !can(user, query.permission)) continue;
    const response = await app.inject({
      method: 'GET',
      url: query.url,
      remoteAddress: request.ip,
      headers: {
        cookie: request.headers.cookie ?? '',
        accept: 'application/json',
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
    });
    const cookies = response.headers['set-cookie'];
    if (cookies) setCookies.push(...(Array.isArray(cookies) ? cookies : [cookies]));
    const body = bodyOf(response.body);
    answers.push({ url: query.url, status: response.statusCode, body });
    if (response.statusCode !== 200) return { answers, setCookies, complete: false };
    if (user === null) {
      const session = body as SignedInSession;
      // A new password or two-factor set-up first: that screen is the browser's.
      if (session.required) return { answers, setCookies, complete: false };
      user = session.user;
    }
  }
  return { answers, setCookies, complete: user !== null };
}

function bodyOf(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}
