import { describe, expect, it } from 'vitest';
import { indexedPagePaths } from '#shared/site/public-paths.ts';
import { publicPages, routeKind } from './routes';

describe('routes', () => {
  it('renders on the server exactly the pages the sitemap lists', () => {
    expect(Object.keys(publicPages).sort()).toEqual([...indexedPagePaths].sort());
  });

  it('tells public, unlisted, browser-only and unknown addresses apart', () => {
    expect(indexedPagePaths.map(routeKind)).toEqual(indexedPagePaths.map(() => 'public'));
    expect(['/ein/step-3', '/ein/confirmation', '/manage', '/manage/users', '/sign/x', '/signed-ss4/x', '/payments/test-authentication'].map(routeKind)).toEqual(
      Array(7).fill('private'),
    );
    // The staff sign-in is rendered on the server but is not in the sitemap.
    expect(['/manage/login', '/manage/login/'].map(routeKind)).toEqual(['unlisted', 'unlisted']);
    expect(['/nope', '/faq/more', '/start'].map(routeKind)).toEqual(['not-found', 'not-found', 'not-found']);
    // As the router matches them, so the server renders what the browser will hydrate.
    expect(['/about/', '/FAQ'].map(routeKind)).toEqual(['public', 'public']);
  });
});
