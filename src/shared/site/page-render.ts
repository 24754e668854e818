import type { PublicConfig } from './public-config';
import type { PageAnswer } from './signed-in-pages';

/**
 * What the server-rendering bundle (`src/client/entry-server.tsx`, built to `dist/server`) gives the
 * server for one address: whether the page is public (rendered and indexed), unlisted (rendered but
 * kept out of search: the staff sign-in), private (rendered in the browser only) or unknown, and for
 * all but the private ones the React markup, head tags first. A private page the server renders for a
 * signed-in member (`signed-in-pages.ts`) is rendered from the API's `answers` for it, when given.
 */
export type RenderedPage = { kind: 'public' | 'unlisted' | 'not-found'; html: string } | { kind: 'private'; html: string | null };

export type PageRenderer = (url: string, config: PublicConfig, answers?: readonly PageAnswer[]) => Promise<RenderedPage>;

/** The server-rendering bundle's exports. */
export type PageRendererModule = {
  renderPage: PageRenderer;
  routeKind: (pathname: string) => RenderedPage['kind'];
};
