import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { StaffUserContext } from '#client/lib/staff/staff-session-context.tsx';
import type { StaffUser } from '#shared/staff/session.ts';

// The one renderer for client tests: the providers the app's routes have (server state with retries
// off, a router at the given address, toasts) and, when asked, a signed-in staff member as the
// `/manage` layout provides one. Importing this module also cleans up after each test.

export type RenderPageOptions = {
  /** The address the router starts at, with its query string, e.g. `/manage/orders?page=2`. */
  url?: string;
  /** The history state the page was opened with. */
  state?: unknown;
  /** Renders inside the `/manage` layout's context, signed in as this member. */
  staff?: StaffUser;
};

/** Unmounts the page and undoes what the test stubbed; runs after each test, or within one to render afresh. */
export function resetPage() {
  cleanup();
  // sonner keeps toasts between renders and would replay them into the next test's Toaster.
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
}

afterEach(resetPage);

export function renderPage(ui: ReactNode, { url = '/', state, staff }: RenderPageOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const address = new URL(url, 'http://localhost');
  const routed = (
    <MemoryRouter initialEntries={[{ pathname: address.pathname, search: address.search, hash: address.hash, state }]}>
      {ui}
      <LocationProbe />
    </MemoryRouter>
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      {staff ? <StaffUserContext.Provider value={staff}>{routed}</StaffUserContext.Provider> : routed}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}

/** Where the router is: the tests read the address the page wrote. */
function LocationProbe() {
  const location = useLocation();
  return <div hidden data-testid="location" data-pathname={location.pathname} data-search={location.search} />;
}

/** The address the page is at now, e.g. `/manage/orders?status=completed`. */
export function currentLocation(): { pathname: string; search: URLSearchParams } {
  const probe = document.querySelector('[data-testid="location"]');
  return { pathname: probe?.getAttribute('data-pathname') ?? '', search: new URLSearchParams(probe?.getAttribute('data-search') ?? '') };
}
