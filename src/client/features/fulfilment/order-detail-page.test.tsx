// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { paths } from '#client/paths.ts';
import { parseOrderId } from './order-detail-page';
import type { OrderDetail, OrderEmail } from '#shared/fulfilment/orders.ts';
import { FakeEventSource } from '#tests/client/event-source.ts';
import { errorResponse, jsonResponse, laterResponse, requests, serve } from '#tests/client/network.ts';
import { maskedFormData, sampleOrder } from '#tests/client/orders.ts';
import { resetPage } from '#tests/client/render.tsx';
import { adminUser, fulfillerUser, staffList, supportUser } from '#tests/client/staff.ts';
import { renderOrderScreen } from '#tests/client/render-order-screen.tsx';

beforeEach(() => FakeEventSource.install());


/** A server that answers the order, the staff list and an empty comment list. */
function serveOrder(order: OrderDetail = sampleOrder(), emails: OrderEmail[] = []) {
  serve({
    [`GET /api/manage/orders/${order.id}`]: () => jsonResponse({ order, emails }),
    'GET /api/manage/staff': () => jsonResponse({ staff: staffList }),
    [`GET /api/manage/orders/${order.id}/comments`]: () => jsonResponse({ comments: [] }),
  });
}

describe('parseOrderId', () => {
  it('takes whole positive numbers only', () => {
    expect(parseOrderId('42')).toBe(42);
    expect(parseOrderId('0')).toBeNull();
    expect(parseOrderId('4.2')).toBeNull();
    expect(parseOrderId('42abc')).toBeNull();
    expect(parseOrderId('-1')).toBeNull();
    expect(parseOrderId('9999999999999999999')).toBeNull();
    expect(parseOrderId(undefined)).toBeNull();
  });
});

describe('OrderDetailPage', () => {
  it('says it is loading until the order arrives', async () => {
    const order = laterResponse();
    serve({
      'GET /api/manage/orders/42': order.response,
      'GET /api/manage/staff': () => jsonResponse({ staff: staffList }),
      'GET /api/manage/orders/42/comments': () => jsonResponse({ comments: [] }),
    });
    renderOrderScreen();
    expect(screen.getByRole('status').textContent).toBe('Loading order details...');
    order.respond(jsonResponse({ order: sampleOrder() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' })).toBeTruthy();
    expect(screen.queryByText('Loading order details...')).toBeNull();
  });

  it('says "Order not found" when the server has no such order for this user', async () => {
    serve({ 'GET /api/manage/orders/42': () => errorResponse('not_found', staffMessages.orderNotFound) });
    renderOrderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.orderNotFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe(paths.manageOrders);
    expect(screen.queryByText(staffMessages.loadOrderFailed)).toBeNull();
  });

  it('says "Order not found" for an address that holds no order number, without asking the server', async () => {
    renderOrderScreen({ url: `${paths.manageOrders}/abc` });
    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.orderNotFound })).toBeTruthy();
    expect(requests()).toHaveLength(0);
  });

  it('tells any other failure in a toast, after one retry, and offers to try again', async () => {
    let calls = 0;
    serve({
      'GET /api/manage/orders/42': () => (++calls <= 2 ? errorResponse('internal_error', 'Something broke') : jsonResponse({ order: sampleOrder() })),
      'GET /api/manage/staff': () => jsonResponse({ staff: staffList }),
      'GET /api/manage/orders/42/comments': () => jsonResponse({ comments: [] }),
    });
    const { user } = renderOrderScreen();
    // (After the one retry of a server fault, about a second later.)
    expect(await screen.findByRole('heading', { level: 1, name: staffMessages.loadOrderFailed }, { timeout: 5000 })).toBeTruthy();
    expect(calls).toBe(2);
    await waitFor(() => expect(screen.getAllByText(staffMessages.loadOrderFailed)).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' })).toBeTruthy();
  });

  it('sends the user to sign in again when the session has ended, without an error toast', async () => {
    serve({
      'GET /api/manage/orders/42': () => errorResponse('unauthorized', staffMessages.notAuthenticated),
      'GET /api/manage/staff': () => jsonResponse({ staff: staffList }),
      'GET /api/manage/orders/42/comments': () => jsonResponse({ comments: [] }),
    });
    renderOrderScreen();
    expect((await screen.findByText(/Login page/)).textContent).toBe(`Login page ?${new URLSearchParams({ next: '/manage/orders/42' }).toString()}`);
    expect(screen.queryByText(staffMessages.loadOrderFailed)).toBeNull();
  });

  it('shows the order number, the creation date, the title and the way back to the list', async () => {
    serveOrder();
    renderOrderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' })).toBeTruthy();
    expect(screen.getByText(/Created on/).textContent).toBe('Created on November 20, 2026');
    expect(document.title).toBe('Order #HFE12W87EQ23');
    expect(screen.getByRole('link', { name: 'Back to Orders' }).getAttribute('href')).toBe(paths.manageOrders);
    for (const card of ['Order Management', 'Application Details', 'Order Comments']) {
      expect(screen.getByRole('heading', { level: 2, name: card })).toBeTruthy();
    }
  });

  it('goes back to the list as it was filtered when the list opened the page', async () => {
    serveOrder();
    const { user } = renderOrderScreen({ state: { ordersSearch: '?status=completed&page=2' } });
    await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });
    const back = screen.getByRole('link', { name: 'Back to Orders' });
    expect(back.getAttribute('href')).toBe(paths.manageOrders);
    await user.click(back);
    expect((await screen.findByText(/Orders list/)).textContent).toBe('Orders list ?status=completed&page=2');
  });

  it('shows the customer contact, the payment, and the three views of the application', async () => {
    serveOrder();
    const { user } = renderOrderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });

    const contact = screen.getByRole('link', { name: 'jane@example.com' });
    expect(contact.getAttribute('href')).toBe('mailto:jane@example.com');
    expect(screen.getByText(/^Language:/).textContent).toBe('Language: English');
    expect(screen.queryByRole('heading', { name: 'REIT Classification' })).toBeNull();

    const payment = screen.getByRole('heading', { name: 'Payment Information' }).parentElement as HTMLElement;
    expect(within(payment).getAllByText('$149.00')).toHaveLength(3);
    expect(within(payment).getAllByText('Paid')).toHaveLength(2);
    expect(within(payment).getByText('Credit/Debit Card')).toBeTruthy();
    // Paid, refunded and net.
    expect(within(payment).getByLabelText('Payment amounts').textContent).toBe('Paid$149.00Refunded$0.00Net$149.00');

    const submission = screen.getByRole('button', { name: 'Submission Data' });
    const mapping = screen.getByRole('button', { name: 'SS-4 Form Field Mapping' });
    const raw = screen.getByRole('button', { name: 'Submission Data (Raw Data)' });
    expect(submission.getAttribute('aria-expanded')).toBe('true');
    expect(mapping.getAttribute('aria-expanded')).toBe('false');
    expect(raw.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('Hill Country Woodworks LLC')).toBeTruthy();
    expect(screen.queryByText('Lines That Apply')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download SS-4' }).getAttribute('href')).toBe('/api/manage/orders/42/ss4.pdf');

    await user.click(mapping);
    expect(mapping.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Lines That Apply')).toBeTruthy();

    await user.click(raw);
    const json = document.querySelector('pre')?.textContent ?? '';
    expect(JSON.parse(json)).toEqual(maskedFormData());
    expect(json).toContain('"rpSSN": "***-**-6789"');
    expect(json).not.toContain('123456789');

    await user.click(submission);
    expect(submission.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Legal Company Name')).toBeNull();
  });

  it('shows the REIT classification of a REIT, and "Not specified" for no payment method', async () => {
    serveOrder(
      sampleOrder({
        paymentMethod: null,
        formData: maskedFormData({ company: { entityType: 'Corporation', corporationType: 'REIT' }, registration: { reitType: 'mortgage' } }),
      }),
    );
    renderOrderScreen();
    const heading = await screen.findByRole('heading', { name: 'REIT Classification' });
    expect(heading.parentElement?.textContent).toBe('REIT ClassificationMortgage REIT');
    expect(screen.getByText('Not specified')).toBeTruthy();
  });

  it('names the language the customer applied in, in that language', async () => {
    serveOrder(sampleOrder({ locale: 'es' }));
    renderOrderScreen();
    const contact = (await screen.findByRole('heading', { name: 'Customer Contact' })).parentElement as HTMLElement;
    expect(within(contact).getByText(/^Language:/).textContent).toBe('Language: Español');
  });

  it('shows the status history with the changers, the part of the service that made a change, a deleted account, and no card without history', async () => {
    serveOrder(
      sampleOrder({
        status: 'preparing_ss4_form',
        statusHistory: [
          { fromStatus: null, toStatus: 'reviewing_form_data', changedAt: '2026-11-20T15:30:00.000Z', changedBy: null },
          { fromStatus: 'reviewing_form_data', toStatus: 'checking_company_registration', changedAt: '2026-11-21T10:00:00.000Z', changedBy: { id: 'admin-1', name: 'Ada Admin' } },
          { fromStatus: 'checking_company_registration', toStatus: 'preparing_ss4_form', changedAt: '2026-11-22T10:00:00.000Z', changedBy: null },
          { fromStatus: 'preparing_ss4_form', toStatus: 'submitted_to_irs', changedAt: '2026-11-23T10:00:00.000Z', changedBy: null, changedBySystem: 'fax_outbox' },
        ],
      }),
    );
    renderOrderScreen();
    const card = (await screen.findByRole('heading', { level: 2, name: 'Status History' })).closest('div.rounded-xl') as HTMLElement;
    const entries = within(card).getAllByRole('listitem');
    expect(entries).toHaveLength(4);
    expect(entries[0]?.textContent).toMatch(/^Reviewing Form DataSystem \(payment received\) · November 20, 2026/);
    expect(entries[1]?.textContent).toMatch(/^Reviewing Form Data→Checking Company RegistrationAda Admin · November 21, 2026/);
    expect(entries[2]?.textContent).toMatch(/^Checking Company Registration→Preparing SS4 FormDeleted account · /);
    expect(entries[3]?.textContent).toMatch(/^Preparing SS4 Form→Submitted to IRSSystem \(fax outbox\) · November 23, 2026/);
    expect(card.textContent).not.toContain('Unknown User');
    resetPage();
    FakeEventSource.install();

    serveOrder();
    renderOrderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });
    expect(screen.queryByRole('heading', { name: 'Status History' })).toBeNull();
  });

  it("shows each of the order's e-mails with its state, attempts and last error, and no card without any", async () => {
    const email = { to: 'owner@example.com', subject: 'Your order', createdAt: '2026-11-20T15:30:00.000Z' };
    serveOrder(sampleOrder(), [
      { ...email, id: 1, kind: 'order_confirmation', status: 'sent', attempts: 1, lastError: null, nextAttemptAt: null, sentAt: '2026-11-20T15:30:01.000Z' },
      { ...email, id: 2, kind: 'ein', status: 'queued', attempts: 2, lastError: 'ECONNREFUSED: connect refused', nextAttemptAt: '2026-11-21T10:00:00.000Z', sentAt: null },
      { ...email, id: 3, kind: 'assignment', to: 'staff@example.com', status: 'failed', attempts: 10, lastError: 'SMTP 550: mailbox unavailable', nextAttemptAt: null, sentAt: null },
    ]);
    renderOrderScreen();
    const card = (await screen.findByRole('heading', { level: 2, name: 'E-mails' })).closest('div.rounded-xl') as HTMLElement;
    const entries = within(card).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Order confirmationSentTo owner@example\.comSent November 20, 2026.* · 1 attempt$/),
      expect.stringMatching(/^EINQueuedTo owner@example\.com2 attempts · next try November 21, 2026.*Last error: ECONNREFUSED: connect refused$/),
      'Assignment noticeFailedTo staff@example.com10 attemptsLast error: SMTP 550: mailbox unavailable',
    ]);
    resetPage();
    FakeEventSource.install();

    serveOrder();
    renderOrderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });
    expect(screen.queryByRole('heading', { name: 'E-mails' })).toBeNull();
  });

  describe('what each role is offered', () => {
    const duplicate = { id: 41, applicationId: 'HFE12W87EQ22', createDate: '2026-11-19T15:30:00.000Z', paymentStatus: 'paid' };
    const history = [{ fromStatus: null, toStatus: 'reviewing_form_data' as const, changedAt: '2026-11-20T15:30:00.000Z', changedBy: null }];
    const email: OrderEmail = {
      id: 1,
      kind: 'order_confirmation',
      to: 'jane@example.com',
      subject: 'Your order',
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: '2026-11-20T15:30:01.000Z',
      createdAt: '2026-11-20T15:30:00.000Z',
    };
    const orderWith = (overrides: Partial<OrderDetail> = {}) => sampleOrder({ possibleDuplicates: [duplicate], statusHistory: history, ...overrides });

    it("shows a support member the customer's details, history, e-mails and comments, and none of the actions their role lacks", async () => {
      serveOrder(orderWith(), [email]);
      renderOrderScreen({ staff: supportUser });
      await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });

      expect(screen.getByRole('link', { name: 'jane@example.com' }).getAttribute('href')).toBe('mailto:jane@example.com');
      expect(screen.getByText('Hill Country Woodworks LLC')).toBeTruthy();
      expect(screen.getByText('***-**-6789')).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'Status History' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 2, name: 'E-mails' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Order #HFE12W87EQ22' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'New comment' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Add Comment' })).toBeTruthy();

      expect(screen.queryByRole('button', { name: /^Reveal/ })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Download SS-4' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Send for signature' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Customer Data' })).toBeNull();
    });

    it('still offers a fulfiller on their own order everything they had, and no refund', async () => {
      serveOrder(orderWith({ assignee: { id: fulfillerUser.id, name: fulfillerUser.name, email: fulfillerUser.email } }));
      renderOrderScreen({ staff: fulfillerUser });
      await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });
      expect(screen.getByRole('button', { name: 'Reveal Responsible Party SSN' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Download SS-4' }).getAttribute('href')).toBe('/api/manage/orders/42/ss4.pdf');
      expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
      expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Send for signature' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'New comment' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Refund/ })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Customer Data' })).toBeNull();
    });

    it('offers an admin the refunds and the customer data besides', async () => {
      serveOrder(orderWith());
      renderOrderScreen({ staff: adminUser });
      await screen.findByRole('heading', { level: 1, name: 'Order #HFE12W87EQ23' });
      expect(screen.getByRole('button', { name: 'Refund this order in full as a duplicate' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Customer Data' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reveal Responsible Party SSN' })).toBeTruthy();
    });
  });
});
