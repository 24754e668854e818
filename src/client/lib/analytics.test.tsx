// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router';
import { loadTagManager, redactSearch, usePageViews } from './analytics';

afterEach(() => {
  cleanup();
  delete window.dataLayer;
  document.getElementById('gtm-script')?.remove();
});

function Tracker() {
  usePageViews();
  return <Link to="/faq?ref=mail#refunds">FAQ</Link>;
}

describe('page views', () => {
  it('pushes path, search, hash and title on every location change', () => {
    document.title = 'Home | EIN Filing Service';
    render(
      <MemoryRouter initialEntries={['/']}>
        <Tracker />
      </MemoryRouter>,
    );
    act(() => {
      document.title = 'FAQ | EIN Filing Service';
      fireEvent.click(screen.getByText('FAQ'));
    });
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/', page_search: '', page_hash: '', page_title: 'Home | EIN Filing Service' },
      { event: 'page_view', page_path: '/faq', page_search: '?ref=mail', page_hash: '#refunds', page_title: 'FAQ | EIN Filing Service' },
    ]);
  });
});

describe('redactSearch', () => {
  it('keeps ordinary parameters and hides payment references, client secrets and tracking numbers', () => {
    expect(redactSearch('')).toBe('');
    expect(redactSearch('?ref=mail')).toBe('?ref=mail');
    expect(redactSearch('?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=succeeded')).toBe(
      '?payment_intent=redacted&payment_intent_client_secret=redacted&redirect_status=succeeded',
    );
    expect(redactSearch('?number=HFE12W87EQ23')).toBe('?number=redacted');
  });
});

describe('the tag manager', () => {
  it('loads its script once, for the configured container', () => {
    loadTagManager('GTM-TEST1');
    loadTagManager('GTM-TEST1');
    const scripts = document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtm.js"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
  });
});
