import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { PublicConfig } from '#shared/site/public-config.ts';
import { usePublicConfig } from './public-config';

// GrowthBook is loaded only when a client key is configured; without one nothing is requested.
const GrowthBookRoot = lazy(() => import('./growthbook-root'));
let loadedRoot: ComponentType<{ clientKey: string; apiHost: string; children: ReactNode }> | undefined;

/** Loads GrowthBook ahead of a server render or a hydration, which must not suspend. */
export async function preloadFeatureFlags(config: PublicConfig): Promise<void> {
  if (config.growthbook) loadedRoot = (await import('./growthbook-root')).default;
}

export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const { growthbook } = usePublicConfig();
  if (!growthbook) return children;
  const Root = loadedRoot ?? GrowthBookRoot;
  return (
    <Suspense fallback={null}>
      <Root clientKey={growthbook.clientKey} apiHost={growthbook.apiHost}>
        {children}
      </Root>
    </Suspense>
  );
}
