import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster, toast } from 'sonner';
import { StaffUserContext } from '../../lib/staff/staff-session-context';
import { sampleApplication, type SampleOverrides } from '../../../shared/application/sample-application';
import { maskSsn } from '../../../shared/ss4/ss4-mapping';
import type { StaffUser } from '../../../shared/staff/session';
import type { AssignableStaff, OrderDetail } from '../../../shared/staff/orders';
import { paths } from '../../paths';
import { OrderDetailPage } from './order-detail-page';
import { adminUser, fulfillerUser } from '../manage/manage-test-support';

// Test kit for the order screen: a signed-in staff member, a sample order as the API answers it, a
// fake server behind `fetch`, and a fake EventSource the tests can push events through.

// The same two staff members as the other staff pages' tests.
export const admin: StaffUser = adminUser;
export const fulfiller: StaffUser = fulfillerUser;

export const staffList: AssignableStaff[] = [
  { id: admin.id, name: admin.name, email: admin.email, role: 'admin', suspended: false },
  { id: fulfiller.id, name: fulfiller.name, email: fulfiller.email, role: 'fulfiller', suspended: false },
  { id: 'fulfiller-2', name: 'Sam Suspended', email: 'sam@example.com', role: 'fulfiller', suspended: true },
];

/** The sample application as the order API gives it: the SSN masked. */
export function maskedFormData(overrides: SampleOverrides = {}): Record<string, unknown> {
  const application = sampleApplication(overrides);
  return { ...application, contact: { ...application.contact, rpSSN: maskSsn(application.contact.rpSSN) } };
}

export function sampleOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 42,
    applicationId: 'HFE12W87EQ23',
    billingEmail: 'jane@example.com',
    amountCents: 14900,
    currency: 'usd',
    paymentStatus: 'paid',
    paymentMethod: 'card',
    status: 'reviewing_form_data',
    priority: 'standard',
    assignee: null,
    assignedAt: null,
    completedAt: null,
    dueDate: null,
    ein: null,
    notes: '',
    createDate: '2026-11-20T15:30:00.000Z',
    updatedAt: '2026-11-20T15:30:00.000Z',
    formData: maskedFormData(),
    statusHistory: [],
    ...overrides,
  };
}

type Handler = (request: { body: unknown; url: string }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string, fields?: Record<string, string[]>): Response {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/**
 * Stands in for the server: `handlers` answer "METHOD /path" (query string ignored); anything else
 * fails the request. Returns the spy to check what was called.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const handler = handlers[`${method} ${url.split('?')[0]}`];
    if (!handler) throw new TypeError(`no fake for ${method} ${url}`);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler({ body, url });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** A server-sent event stream the test drives by hand. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
  }

  /** Delivers an event as the browser would (`data` is text). */
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? undefined : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }
}

/** Renders the order route (or any element) as the /manage layout would: signed in, with server state and toasts. */
export function renderOrderScreen(options: { user?: StaffUser; url?: string; element?: ReactNode; state?: unknown } = {}) {
  const { user = admin, url = `${paths.manageOrders}/42`, element, state } = options;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <StaffUserContext.Provider value={user}>
        <MemoryRouter initialEntries={[{ pathname: url.split('?')[0] ?? url, search: url.includes('?') ? `?${url.split('?')[1]}` : '', state }]}>
          {element ?? <ScreenRoutes />}
        </MemoryRouter>
      </StaffUserContext.Provider>
      <Toaster />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient, ...utils };
}

function ScreenRoutes() {
  return (
    <Routes>
      <Route path={`${paths.manageOrders}/:id`} element={<OrderDetailPage />} />
      <Route path={paths.manageOrders} element={<OrdersListStandIn />} />
      <Route path={paths.manageLogin} element={<LoginStandIn />} />
    </Routes>
  );
}

function LoginStandIn() {
  const location = useLocation();
  return <p>Login page {location.search}</p>;
}

function OrdersListStandIn() {
  const location = useLocation();
  return <p>Orders list {location.search}</p>;
}

/**
 * After each test: unmount, and dismiss the toasts still showing, which sonner would otherwise replay
 * into the next test's Toaster.
 */
export function resetOrderScreen() {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
