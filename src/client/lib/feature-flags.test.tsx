// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { FeatureFlagsProvider } from './feature-flags';
import { defaultPublicConfig } from '../../shared/public-config';

function embedConfig(growthbook: { clientKey: string; apiHost: string } | null) {
  const element = document.createElement('script');
  element.id = 'public-config';
  element.type = 'application/json';
  element.textContent = JSON.stringify({ ...defaultPublicConfig, supportEmail: 'help@example.com', growthbook });
  document.head.appendChild(element);
}

afterEach(() => {
  cleanup();
  document.getElementById('public-config')?.remove();
  vi.unstubAllGlobals();
});

describe('feature flags', () => {
  it('request nothing and change nothing without a client key', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    embedConfig(null);
    render(
      <FeatureFlagsProvider>
        <p>the app</p>
      </FeatureFlagsProvider>,
    );
    expect(screen.getByText('the app')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('load the feature definitions from the configured host with a client key', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ features: {} }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    embedConfig({ clientKey: 'sdk-abc', apiHost: 'https://flags.example.com' });
    render(
      <FeatureFlagsProvider>
        <p>the app</p>
      </FeatureFlagsProvider>,
    );
    expect(await screen.findByText('the app')).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const urls = fetch.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls.some((url) => url.startsWith('https://flags.example.com/api/features/sdk-abc'))).toBe(true);
  });
});
