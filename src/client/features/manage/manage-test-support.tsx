import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import type { StaffUser } from '../../../shared/staff/session';

// Test kit for the staff panel's pages: staff members, a fake server behind `fetch`, and a render
// with the providers the /manage routes have (router, query client, toasts).

export const adminUser: StaffUser = {
  id: 'admin-1',
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  notificationEnabled: true,
  priorityFulfiller: false,
};

export const fulfillerUser: StaffUser = {
  id: 'fulfiller-1',
  name: 'Fran Fulfiller',
  email: 'fran@example.com',
  role: 'fulfiller',
  notificationEnabled: true,
  priorityFulfiller: true,
};

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorResponse(status: number, code: string, message: string, fields?: Record<string, string[]>): Response {
  return jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

export type ApiCall = { method: string; path: string; search: URLSearchParams; body: unknown };
type Handler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stands in for the server: `'GET /api/manage/session'` and the like map to handlers; anything else
 * fails the test loudly. Every call is recorded in order.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`No fake answer for ${method} ${url.pathname}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/** Where the router is: the tests read the address the page wrote. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div hidden data-testid="location" data-pathname={location.pathname} data-search={location.search}>
      {`${location.pathname}${location.search}`}
    </div>
  );
}

export function renderWithProviders(routes: ReactNode, url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        {routes}
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, user: userEvent.setup() };
}

/** The address the page is at now, e.g. `/manage/orders?status=completed`. */
export function currentLocation(): { pathname: string; search: URLSearchParams } {
  const probe = document.querySelector('[data-testid="location"]');
  return { pathname: probe?.getAttribute('data-pathname') ?? '', search: new URLSearchParams(probe?.getAttribute('data-search') ?? '') };
}
