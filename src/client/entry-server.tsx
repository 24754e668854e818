import { StrictMode } from 'react';
// The Node build by name: the lint rule that keeps src/server out of the browser reads '/server' as that folder.
import { renderToString } from 'react-dom/server.node';
import { StaticRouter } from 'react-router';
import { AppRoutes, preloadPage, routeKind } from './routes';

export { routeKind };
import { FeatureFlagsProvider, preloadFeatureFlags } from './lib/feature-flags';
import { PublicConfigProvider } from './lib/public-config';
import type { PageRenderer, RenderedPage } from '#shared/site/page-render.ts';
import type { PublicConfig } from '#shared/site/public-config.ts';
import { signedInPages, type PageAnswer } from '#shared/site/signed-in-pages.ts';
import { inLanguageOfPath } from './lib/locale';

/**
 * Server rendering of the public pages, the not-found page, and the staff pages the server renders for
 * a signed-in member from the API's `answers` for them (built by `vite build` into `dist/server`). The
 * rest of the app is rendered in the browser only: `html` is then null.
 */
export const renderPage: PageRenderer = async (url: string, config: PublicConfig, answers?: readonly PageAnswer[]): Promise<RenderedPage> => {
  const pathname = new URL(url, 'http://localhost').pathname;
  const kind = routeKind(pathname);
  const signedIn = kind === 'private' && answers !== undefined && signedInPages[pathname] !== undefined;
  if (kind === 'private' && !signedIn) return { kind, html: null };
  // Loaded first so the render never suspends and completes in one synchronous pass. (The server-state
  // layout's module is imported as the browser's pages import it, so it stays a chunk of its own there.)
  const [{ createAppQueryClient, fillFromAnswers, RenderQueryClient }] = await Promise.all([import('./lib/server-state'), preloadPage(pathname), preloadFeatureFlags(config)]);
  // A client of the render's own, holding only this member's answers.
  const queryClient = signedIn ? fillFromAnswers(createAppQueryClient(), (answerUrl) => answers.find((answer) => answer.url === answerUrl)) : null;
  // Every message in the page's language: its path's.
  const html = inLanguageOfPath(pathname, () =>
    renderToString(
      <StrictMode>
        <PublicConfigProvider value={config}>
          <FeatureFlagsProvider>
            <RenderQueryClient.Provider value={queryClient}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </RenderQueryClient.Provider>
          </FeatureFlagsProvider>
        </PublicConfigProvider>
      </StrictMode>,
    ),
  );
  queryClient?.clear();
  return { kind, html };
};
