import type { PublicConfig } from './public-config';

/**
 * What the server-rendering bundle (`src/client/entry-server.tsx`, built to `dist/server`) gives the
 * server for one address: whether the page is public (rendered and indexed), unlisted (rendered but
 * kept out of search: the staff sign-in), private (rendered in the browser only) or unknown, and for
 * all but the private ones the React markup, head tags first.
 */
export type RenderedPage = { kind: 'public' | 'unlisted' | 'not-found'; html: string } | { kind: 'private'; html: null };

export type PageRenderer = (url: string, config: PublicConfig) => Promise<RenderedPage>;

/** The server-rendering bundle's exports. */
export type PageRendererModule = {
  renderPage: PageRenderer;
  routeKind: (pathname: string) => RenderedPage['kind'];
};
