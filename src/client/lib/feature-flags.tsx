import { lazy, Suspense, type ReactNode } from 'react';
import { getPublicConfig } from './public-config';

// GrowthBook is loaded only when a client key is configured; without one nothing is requested.
const GrowthBookRoot = lazy(() => import('./growthbook-root'));

export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const { growthbook } = getPublicConfig();
  if (!growthbook) return children;
  return (
    <Suspense fallback={null}>
      <GrowthBookRoot clientKey={growthbook.clientKey} apiHost={growthbook.apiHost}>
        {children}
      </GrowthBookRoot>
    </Suspense>
  );
}
