// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { jsonResponse, requests, serve } from '#tests/client/network.ts';
import { FeatureFlagsProvider } from './feature-flags';
import { defaultPublicConfig } from '#shared/site/public-config.ts';

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
});

describe('feature flags', () => {
  it('request nothing and change nothing without a client key', async () => {
    embedConfig(null);
    render(
      <FeatureFlagsProvider>
        <p>the app</p>
      </FeatureFlagsProvider>,
    );
    expect(screen.getByText('the app')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests()).toHaveLength(0);
  });

  it('load the feature definitions from the configured host with a client key', async () => {
    serve({ 'GET https://flags.example.com/api/features/sdk-abc': () => jsonResponse({ features: {} }) });
    embedConfig({ clientKey: 'sdk-abc', apiHost: 'https://flags.example.com' });
    render(
      <FeatureFlagsProvider>
        <p>the app</p>
      </FeatureFlagsProvider>,
    );
    expect(await screen.findByText('the app')).toBeTruthy();
    await waitFor(() => expect(requests().map((request) => request.path)).toContain('/api/features/sdk-abc'));
  });
});
