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
import { followPathLocale } from './lib/locale';

// The page being rendered: its language is every message's (the render is synchronous, so no other
// page's render runs in between).
let renderingPath = '/';
followPathLocale(() => renderingPath);

/**
 * Server rendering of the public pages and the not-found page (built by `vite build` into
 * `dist/server`). The rest of the app is rendered in the browser only: `html` is then null.
 */
export const renderPage: PageRenderer = async (url: string, config: PublicConfig): Promise<RenderedPage> => {
  const pathname = new URL(url, 'http://localhost').pathname;
  const kind = routeKind(pathname);
  if (kind === 'private') return { kind, html: null };
  // Loaded first so the render never suspends and completes in one synchronous pass.
  await Promise.all([preloadPage(pathname), preloadFeatureFlags(config)]);
  renderingPath = pathname;
  const html = renderToString(
    <StrictMode>
      <PublicConfigProvider value={config}>
        <FeatureFlagsProvider>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </FeatureFlagsProvider>
      </PublicConfigProvider>
    </StrictMode>,
  );
  return { kind, html };
};
