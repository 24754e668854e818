// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import type { OrderListItem, OrderListResponse } from '#shared/fulfilment/orders.ts';
import type { StaffUser } from '#shared/staff/session.ts';
import { errorResponse, jsonResponse, requestsTo, serve, type RecordedRequest } from '#tests/client/network.ts';
import { currentLocation, renderPage } from '#tests/client/render.tsx';
import { adminUser } from '#tests/client/staff.ts';
import { countersOf } from '#tests/support/counters.ts';
import { paths } from '#client/paths.ts';
import { OrdersListPage } from './orders-list-page';
import { searchDebounceMs } from './orders-list-filters';
import { expectedStatuses } from '#tests/support/order-statuses.ts';

// The page checks the browser's own address before applying a late search (it may have been left).
beforeEach(() => {
  window.history.replaceState(null, '', paths.manageOrders);
});

const day = 24 * 60 * 60 * 1000;

function listItem(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    id: 7,
    applicationId: 'HFE12W87EQ23',
    companyName: 'Acme Widgets LLC',
    billingEmail: 'jane@example.com',
    locale: 'en',
    amountCents: 14900,
    currency: 'usd',
    paymentStatus: 'paid',
    status: 'reviewing_form_data',
    priority: 'standard',
    assignee: null,
    dueDate: new Date(Date.now() + 10 * day).toISOString(),
    createDate: '2026-03-05T15:30:00.000Z',
    disputed: false,
    ...overrides,
  };
}

function listResponse(orders: OrderListItem[], overrides: Partial<OrderListResponse> = {}): OrderListResponse {
  return {
    orders,
    total: orders.length,
    totalIsLowerBound: false,
    page: 1,
    pageSize: 25,
    nextCursor: null,
    previousCursor: null,
    counters: countersOf({ new: 12, in_progress: 14, overdue: 2, completed: 6, on_hold: 5, cancelled: 3 }),
    ...overrides,
  };
}

function renderList(url: string = paths.manageOrders, answer: (call: RecordedRequest) => Response | Promise<Response> = () => jsonResponse(listResponse([listItem()])), staff: StaffUser = adminUser) {
  serve({ 'GET /api/manage/orders': answer });
  const view = renderPage(
    <Routes>
      <Route
        path={paths.manageOrders}
        element={
          <>
            <OrdersListPage />
            <BackButton />
          </>
        }
      />
      <Route path={`${paths.manageOrders}/:id`} element={<p>Order page</p>} />
    </Routes>,
    { url, staff },
  );
  return { ...view, listCalls: () => requestsTo('GET', '/api/manage/orders') };
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

const ordersTable = () => screen.getByRole('table', { name: 'Orders' });

describe('OrdersListPage', () => {
  it('shows the counters and a row per order with the spec’s formats', async () => {
    renderList(paths.manageOrders, () =>
      jsonResponse(
        listResponse([
          listItem(),
          listItem({
            id: 8,
            applicationId: 'ZZ9PLURALZ01',
            companyName: null,
            billingEmail: 'max@example.com',
            amountCents: 49900,
            status: 'submitted_to_irs',
            priority: 'rush',
            assignee: { id: 'f1', name: 'Fran Fulfiller' },
            dueDate: new Date(Date.now() - 2 * day).toISOString(),
          }),
          listItem({ id: 9, applicationId: 'DONE00000001', status: 'completed', priority: 'express', dueDate: new Date(Date.now() - 5 * day).toISOString() }),
        ]),
      ),
    );
    expect(document.title).toBe('Orders Management | EIN Filing Service');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders Management' })).toBeTruthy();
    const rows = within(await screen.findByRole('table', { name: 'Orders' })).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order # / Company', 'Billing Email', 'Amount', 'Status', 'Priority', 'Assignee', 'Created', 'Due Date', 'Actions',
    ]);

    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[1]!)).toEqual(['HFE12W87EQ23Acme Widgets LLC', 'jane@example.com', '$149.00', 'Reviewing Form Data', 'Standard', 'Unassigned', 'Mar 5, 2026', expect.stringMatching(/10d left$/), 'View']);
    expect(cells(rows[2]!)).toEqual(['ZZ9PLURALZ01—', 'max@example.com', '$499.00', 'Submitted to IRS', 'Rush', 'Fran Fulfiller', 'Mar 5, 2026', expect.stringMatching(/Overdue$/), 'View']);
    // A finished order is not overdue.
    expect(cells(rows[3]!)[7]).not.toMatch(/Overdue|left|today/);

    const view = within(rows[2]!).getByRole('link', { name: 'View order ZZ9PLURALZ01' });
    expect(view.getAttribute('href')).toBe('/manage/orders/8');

    const counters = screen.getByRole('region', { name: 'Order counters' });
    // Every group, so they add up to the total; each links to the list it counts.
    const counterLinks = within(counters).getAllByRole('link');
    expect(counterLinks.map((link) => link.textContent)).toEqual(['Total42', 'New Submissions12', 'In Progress14', 'Overdue at IRS2', 'Completed6', 'On Hold5', 'Cancelled3']);
    expect(counterLinks.map((link) => link.getAttribute('href'))).toEqual([
      '/manage/orders',
      '/manage/orders?status=reviewing_form_data',
      '/manage/orders?status=in-progress',
      '/manage/orders?status=irs_overdue',
      '/manage/orders?status=completed',
      '/manage/orders?status=on_hold',
      '/manage/orders?status=cancelled',
    ]);
    expect(counterLinks[0]!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('writes the status and priority filters to the address and asks the server for them', async () => {
    const { user, listCalls } = renderList('/manage/orders?page=3', () => jsonResponse(listResponse([listItem()], { total: 80, page: 3 })));
    await screen.findByRole('table', { name: 'Orders' });
    expect(listCalls()[0]?.search.get('page')).toBe('3');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    expect(currentLocation().search.get('status')).toBe('completed');
    // Another filter starts at the first page.
    expect(currentLocation().search.get('page')).toBeNull();
    await waitFor(() => expect(listCalls().at(-1)?.search.get('status')).toBe('completed'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'Rush');
    expect(currentLocation().search.toString()).toBe('status=completed&priority=rush');
    await waitFor(() => expect(listCalls().at(-1)?.search.toString()).toBe('status=completed&priority=rush'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    expect(currentLocation().search.toString()).toBe('priority=rush');
  });

  it('filters by the customer\'s language, each named in itself, through the address', async () => {
    const { user, listCalls } = renderList('/manage/orders?page=2', () => jsonResponse(listResponse([listItem({ locale: 'es' })], { total: 30, page: 2 })));
    await screen.findByRole('table', { name: 'Orders' });
    const language = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'English', 'Español']);
    expect(language.value).toBe('all');

    await user.selectOptions(language, 'Español');
    expect(currentLocation().search.toString()).toBe('language=es');
    await waitFor(() => expect(listCalls().at(-1)?.search.toString()).toBe('language=es'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority' }), 'Rush');
    expect(currentLocation().search.toString()).toBe('priority=rush&language=es');
    await user.selectOptions(language, 'All');
    expect(currentLocation().search.toString()).toBe('priority=rush');
  });

  it('offers All, the In Progress counter\'s stages and every status, and All and the three priorities', async () => {
    renderList();
    const options = (name: string) => within(screen.getByRole('combobox', { name })).getAllByRole('option').map((option) => option.textContent);
    expect(options('Status')).toEqual(['All', 'In Progress (any stage after review)', ...Object.values(expectedStatuses).map((status) => status.label)]);
    expect(options('Priority')).toEqual(['All', 'Standard', 'Express', 'Rush']);
    await screen.findByRole('table', { name: 'Orders' });
  });

  it('searches once typing pauses, and keeps the search in the address', async () => {
    const { user, listCalls } = renderList();
    await screen.findByRole('table', { name: 'Orders' });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'jane@');
    // Not yet: typing has not paused long enough.
    expect(currentLocation().search.get('search')).toBeNull();
    await waitFor(() => expect(currentLocation().search.get('search')).toBe('jane@'), { timeout: searchDebounceMs * 5 });
    await waitFor(() => expect(listCalls().at(-1)?.search.get('search')).toBe('jane@'));
    // One request for the whole word, not one per letter.
    expect(listCalls().filter((call) => call.search.has('search'))).toHaveLength(1);
    expect((search as HTMLInputElement).value).toBe('jane@');
  });

  it('follows back and forward: the filters and the search box show the address', async () => {
    const { user, listCalls } = renderList('/manage/orders?search=first');
    await screen.findByRole('table', { name: 'Orders' });
    const search = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'On Hold');
    await user.clear(search);
    await user.type(search, 'second');
    await waitFor(() => expect(currentLocation().search.get('search')).toBe('second'), { timeout: searchDebounceMs * 5 });

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(currentLocation().search.toString()).toBe('status=on_hold&search=first');
    expect(search.value).toBe('first');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(currentLocation().search.toString()).toBe('search=first');
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('all');
    await waitFor(() => expect(listCalls().at(-1)?.search.toString()).toBe('search=first'));
  });

  it('takes every filter from the address, so a reload shows the same list', async () => {
    const { listCalls } = renderList('/manage/orders?status=on_hold&priority=express&search=HFE12&page=2', () => jsonResponse(listResponse([listItem()], { total: 30, page: 2 })));
    await screen.findByRole('table', { name: 'Orders' });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('on_hold');
    expect((screen.getByRole('combobox', { name: 'Priority' }) as HTMLSelectElement).value).toBe('express');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('HFE12');
    expect(listCalls()[0]?.search.toString()).toBe('status=on_hold&priority=express&search=HFE12&page=2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('ignores filters it does not know', async () => {
    const { listCalls } = renderList('/manage/orders?status=lost&priority=urgent&language=fr&page=-4');
    await screen.findByRole('table', { name: 'Orders' });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('all');
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('all');
    expect(listCalls()[0]?.search.toString()).toBe('');
  });

  it('pages with Previous and Next, by the key of the edge order', async () => {
    const { user, listCalls } = renderList(paths.manageOrders, (call) => {
      const page = Number(call.search.get('page') ?? 1);
      return jsonResponse(listResponse([listItem({ id: 100 - page })], { total: 60, page, nextCursor: 100 - page, previousCursor: page > 1 ? 100 - page : null }));
    });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(currentLocation().search.toString()).toBe('page=2&after=99');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(listCalls().at(-1)?.search.toString()).toBe('page=2&after=99');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(currentLocation().search.toString()).toBe('before=98');
  });

  it('says 1,000+ for a search counted up to its limit, and numbers pages without a last one', async () => {
    renderList('/manage/orders?search=example', () => jsonResponse(listResponse([listItem()], { total: 1000, totalIsLowerBound: true, nextCursor: 7 })));
    expect(await screen.findByText('1,000+ orders found')).toBeTruthy();
    expect(screen.getByText('Page 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says No orders found when nothing matches', async () => {
    renderList('/manage/orders?search=nobody', () => jsonResponse(listResponse([], { counters: countersOf({ new: 1, in_progress: 1, completed: 1, on_hold: 0, cancelled: 0 }) })));
    expect((await screen.findAllByText('No orders found')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('only logs a failed load, and shows the empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList(paths.manageOrders, () => errorResponse('bad_request', 'Nope'));
    expect((await screen.findAllByText('No orders found')).length).toBeGreaterThan(0);
    expect(logged).toHaveBeenCalledWith('Failed to load orders', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens an order from its View link', async () => {
    const { user } = renderList();
    await user.click(within(await screen.findByRole('table', { name: 'Orders' })).getByRole('link', { name: 'View order HFE12W87EQ23' }));
    expect(currentLocation().pathname).toBe('/manage/orders/7');
    expect(ordersTable).toThrow();
  });
});
