import { useEffect, useMemo, type ReactNode } from 'react';
import { GrowthBook, GrowthBookProvider } from '@growthbook/growthbook-react';

type Props = { clientKey: string; apiHost: string; children: ReactNode };

export default function GrowthBookRoot({ clientKey, apiHost, children }: Props) {
  const growthbook = useMemo(() => new GrowthBook({ apiHost, clientKey }), [apiHost, clientKey]);
  useEffect(() => {
    growthbook.init({ streaming: true }).catch((error: unknown) => {
      console.error('Feature flags unavailable; using defaults', error);
    });
    return () => growthbook.destroy();
  }, [growthbook]);
  return <GrowthBookProvider growthbook={growthbook}>{children}</GrowthBookProvider>;
}
