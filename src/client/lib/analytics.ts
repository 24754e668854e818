import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Events the product sends; never any personal data. */
export type AnalyticsEvent =
  | { event: 'opened_form'; page_path: string }
  | { event: 'page_view'; page_path: string; page_search: string; page_hash: string; page_title: string }
  | { event: 'payment_advancement'; method: 'stripe' | 'stripe_express' }
  | { event: 'submitted_form' }
  | { event: 'placed_order'; transaction_id: string; value: number; currency: string; tracking_number: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function pushEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

/** Loads the tag manager's script once; only called when a container id is configured. */
export function loadTagManager(containerId: string): void {
  if (document.getElementById('gtm-script')) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.appendChild(script);
}

/**
 * Query parameters whose values identify a payment or an order (and, for Stripe's return address,
 * carry the intent's client secret); page views keep the parameter but not its value.
 */
const privateParameters = ['payment_intent', 'payment_intent_client_secret', 'setup_intent_client_secret', 'number'];

/** The query string as page views report it, with the values of private parameters redacted. */
export function redactSearch(search: string): string {
  const params = new URLSearchParams(search);
  let changed = false;
  for (const name of privateParameters) {
    if (params.has(name)) {
      params.set(name, 'redacted');
      changed = true;
    }
  }
  return changed ? `?${params.toString()}` : search;
}

/** A page-view event on every location change, after the page has set its title. */
export function usePageViews(): void {
  const location = useLocation();
  useEffect(() => {
    pushEvent({
      event: 'page_view',
      page_path: location.pathname,
      page_search: redactSearch(location.search),
      page_hash: location.hash,
      page_title: document.title,
    });
  }, [location.pathname, location.search, location.hash]);
}
