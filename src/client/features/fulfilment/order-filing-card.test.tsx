// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import { filingMessages, type FilingEntry, type OrderFiling } from '#shared/filing/filing.ts';
import { FakeEventSource } from '#tests/client/event-source.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { sampleOrder } from '#tests/client/orders.ts';
import { fulfillerUser, staffList, supportUser } from '#tests/client/staff.ts';
import { renderOrderScreen } from '#tests/client/render-order-screen.tsx';
import { resetPage } from '#tests/client/render.tsx';

beforeEach(() => FakeEventSource.install());

const domestic = { number: '+18556416935', line: 'domestic' } as const;

function filingOf(overrides: Partial<OrderFiling> = {}): OrderFiling {
  return { filings: [], faxTo: domestic, onlineRefusal: null, pendingAnswer: null, letters: [], ...overrides };
}

function faxFiling(overrides: Partial<FilingEntry> = {}): FilingEntry {
  return {
    id: 7,
    method: 'fax',
    status: 'delivered',
    to: domestic.number,
    line: 'domestic',
    attempts: 2,
    pages: 4,
    // 10:05 and 10:07 in Eastern (standard) time.
    sentAt: '2026-11-23T15:05:00.000Z',
    deliveredAt: '2026-11-23T15:07:00.000Z',
    failureReason: null,
    heldUntil: null,
    holdReason: null,
    createdAt: '2026-11-23T15:04:00.000Z',
    requestedBy: { id: 'admin-1', name: 'Ada Admin' },
    ...overrides,
  };
}

/** The customer's signature as the order page reads it once they have signed. */
const signed: NonNullable<OrderDetail['signing']> = {
  state: 'signed',
  requestId: '7d1c3a52-6a43-4c8e-9d6b-2f1f0f7f6a11',
  sentAt: '2026-11-22T15:00:00.000Z',
  expiresAt: '2026-11-29T15:00:00.000Z',
  remindedAt: null,
  verifiedAt: '2026-11-22T16:00:00.000Z',
  signedAt: '2026-11-22T16:05:00.000Z',
  signerName: 'John Public',
};

/**
 * A server with the order (signed, unless told otherwise; its filing leg as given) and what the page reads beside it. `next` is the
 * order the page reads after a change: the tests see the card reload it.
 */
function serveOrder(filing: OrderFiling, { next, order: overrides = {} }: { next?: OrderFiling; order?: Partial<OrderDetail> } = {}) {
  let changed = false;
  const orderNow = () => sampleOrder({ status: 'ss4_signed_awaiting_irs', signing: signed, ...overrides, filing: changed && next ? next : filing });
  serve({
    'GET /api/manage/orders/42': () => jsonResponse({ order: orderNow(), emails: [] }),
    'GET /api/manage/staff': () => jsonResponse({ staff: staffList }),
    'GET /api/manage/orders/42/comments': () => jsonResponse({ comments: [] }),
  });
  return { markChanged: () => (changed = true) };
}

async function filingCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Filing with the IRS' });
  return heading.closest('.rounded-xl') as HTMLElement;
}

describe('OrderFilingCard', () => {
  it('says where a fax goes and shows each filing with its status, number, attempts, pages and times in Eastern', async () => {
    serveOrder(
      filingOf({
        filings: [
          faxFiling({ id: 6, status: 'failed', attempts: 3, failureReason: 'The line was busy three times.', deliveredAt: null }),
          faxFiling({ id: 7 }),
        ],
      }),
    );
    renderOrderScreen();
    const card = await filingCard();
    expect(within(card).getByTestId('filing-fax-to').textContent).toBe('Fax (domestic) (855) 641-6935');
    const [failed, delivered] = within(card).getAllByTestId('filing');
    expect(within(failed!).getByTestId('filing-status').textContent).toBe('Failed');
    expect(within(failed!).getByText('The line was busy three times.')).toBeTruthy();
    expect(within(delivered!).getByTestId('filing-status').textContent).toBe('Delivered');
    const rows = [...delivered!.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Number: Fax (domestic) (855) 641-6935',
      'Attempts: 2',
      'Pages: 4',
      'Sent: November 23, 2026 at 10:05 AM EST',
      'Delivered: November 23, 2026 at 10:07 AM EST',
      'By: Ada Admin',
    ]);
    // A delivered fax is under way: no second filing is offered.
    expect(within(card).queryByRole('button', { name: 'File by fax' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Filed online' })).toBeNull();
  });

  it('shows a held filing\'s reason and until when', async () => {
    const reason = filingMessages.held('November 24, 2026');
    serveOrder(filingOf({ filings: [faxFiling({ status: 'held', sentAt: null, deliveredAt: null, attempts: 0, pages: null, heldUntil: '2026-11-24T14:00:00.000Z', holdReason: reason })] }));
    renderOrderScreen();
    const card = await filingCard();
    expect(within(card).getByTestId('filing-status').textContent).toBe('Held');
    expect(within(card).getByText('November 24, 2026 at 9:00 AM EST')).toBeTruthy();
    expect(within(card).getByText(reason)).toBeTruthy();
  });

  it('files by fax after the confirmation, then reloads the order', async () => {
    const { markChanged } = serveOrder(filingOf({ filings: [faxFiling({ status: 'failed', failureReason: 'No answer.' })] }), {
      next: filingOf({ filings: [faxFiling({ status: 'failed', failureReason: 'No answer.' }), faxFiling({ id: 8, status: 'queued', attempts: 0, sentAt: null, deliveredAt: null })] }),
    });
    serve({
      'POST /api/manage/orders/42/filings': () => {
        markChanged();
        return jsonResponse({ filingId: 8, filing: filingOf() }, 201);
      },
    });
    const { user } = renderOrderScreen();
    const card = await filingCard();
    // A failed filing leaves the order free to be filed again.
    await user.click(within(card).getByRole('button', { name: 'File by fax' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Fax the signed SS-4 to the IRS at Fax (domestic) (855) 641-6935?')).toBeTruthy();
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('POST', '/api/manage/orders/42/filings')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'File by fax' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Fax it' }));
    await waitFor(() => expect(within(card).getAllByTestId('filing-status').map((status) => status.textContent)).toEqual(['Failed', 'Queued']));
    expect(requestsTo('POST', '/api/manage/orders/42/filings').map((request) => request.body)).toEqual([{ method: 'fax' }]);
    expect(requestsTo('GET', '/api/manage/orders/42').length).toBeGreaterThanOrEqual(2);
    expect(within(card).queryByRole('button', { name: 'File by fax' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows the server\'s refusal in the card', async () => {
    serveOrder(filingOf());
    serve({ 'POST /api/manage/orders/42/filings': () => errorResponse('conflict', filingMessages.notSigned) });
    const { user } = renderOrderScreen();
    const card = await filingCard();
    expect(within(card).getByText('Not filed yet.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Filed online' }));
    expect((await within(card).findByRole('alert')).textContent).toBe(filingMessages.notSigned);
    expect(requestsTo('POST', '/api/manage/orders/42/filings').map((request) => request.body)).toEqual([{ method: 'online' }]);
  });

  it('offers an order the IRS\'s online assistant would refuse the fax only, to the international line, and says why', async () => {
    serveOrder(filingOf({ faxTo: { number: '+18552151627', line: 'international' }, onlineRefusal: filingMessages.onlineNeedsTaxpayerNumber }));
    const { user } = renderOrderScreen();
    const card = await filingCard();
    expect(within(card).getByTestId('filing-fax-to').textContent).toBe('Fax (international) (855) 215-1627');
    expect(within(card).queryByRole('button', { name: 'Filed online' })).toBeNull();
    expect(within(card).getByTestId('filing-fax-only').textContent).toBe(`Fax only. ${filingMessages.onlineNeedsTaxpayerNumber}`);
    await user.click(within(card).getByRole('button', { name: 'File by fax' }));
    expect(within(await screen.findByRole('alertdialog')).getByText('Fax the signed SS-4 to the IRS at Fax (international) (855) 215-1627?')).toBeTruthy();
  });

  it('records an online filing\'s EIN and letter: the EIN checked by the shared rule, the PDF sent in base64', async () => {
    const online = faxFiling({ id: 9, method: 'online', status: 'filed', to: null, line: null, attempts: 0, pages: null, deliveredAt: '2026-11-23T15:05:00.000Z' });
    const { markChanged } = serveOrder(filingOf({ filings: [online] }), {
      next: filingOf({ filings: [{ ...online, status: 'answered' }], letters: [{ id: 3, source: 'upload', pages: 1, createdAt: '2026-11-23T16:00:00.000Z' }] }),
    });
    let answers = 0;
    serve({
      'POST /api/manage/orders/42/filings/9/result': () => {
        answers += 1;
        if (answers === 1) return errorResponse('bad_request', filingMessages.letterNotPdf, { letter: [filingMessages.letterNotPdf] });
        markChanged();
        return jsonResponse({ filing: filingOf() });
      },
    });
    const { user } = renderOrderScreen();
    const card = await filingCard();
    const form = within(card).getByRole('form', { name: 'Online filing result' });
    expect(within(card).getByTestId('filing-status').textContent).toBe('Filed online');

    await user.click(within(form).getByRole('button', { name: 'Record EIN' }));
    expect(await within(form).findByText('Enter the EIN as XX-XXXXXXX')).toBeTruthy();
    expect(within(form).getByText('Attach the IRS letter (CP 575) as a PDF')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/filings/9/result')).toHaveLength(0);

    const letter = new File(['%PDF-1.7 the CP 575'], 'cp575.pdf', { type: 'application/pdf' });
    const input = within(form).getByLabelText('IRS letter (PDF)') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.pdf,application/pdf');
    await user.upload(input, letter);
    await user.type(within(form).getByRole('textbox', { name: 'EIN' }), '12-3456789');
    await user.click(within(form).getByRole('button', { name: 'Record EIN' }));
    // The server's own reason, under its field.
    expect(await within(form).findByText(filingMessages.letterNotPdf)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/filings/9/result')[0]?.body).toEqual({ ein: '12-3456789', letter: btoa('%PDF-1.7 the CP 575') });

    await user.click(within(form).getByRole('button', { name: 'Record EIN' }));
    await waitFor(() => expect(within(card).getByTestId('filing-status').textContent).toBe('EIN received'));
    expect(within(card).queryByRole('form', { name: 'Online filing result' })).toBeNull();
    expect(within(card).getByRole('list', { name: 'IRS letters' }).textContent).toBe('IRS letter, uploaded, 1 page, received November 23, 2026 at 11:00 AM EST');
  });

  it('shows the IRS\'s fax-back with its first page and confirms its EIN for this order', async () => {
    const answer = { inboundFaxId: 31, ein: '12-3456789', receivedAt: '2026-11-24T19:30:00.000Z' };
    const { markChanged } = serveOrder(filingOf({ filings: [faxFiling()], pendingAnswer: answer }), {
      next: filingOf({ filings: [faxFiling({ status: 'answered' })], letters: [{ id: 4, source: 'fax', pages: 3, createdAt: answer.receivedAt }] }),
    });
    serve({
      'POST /api/manage/fax-inbox/31/match': () => {
        markChanged();
        return jsonResponse({ fax: {} });
      },
    });
    const { user } = renderOrderScreen();
    const card = await filingCard();
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('The IRS answered: EIN 12-3456789');
    const page = within(card).getByRole('img', { name: 'Page 1 of the fax received November 24, 2026 at 2:30 PM EST' });
    expect(page.getAttribute('src')).toBe('/api/manage/fax-inbox/31/pages/1');
    // The EIN box of the fax, beside the EIN read from it, before it is confirmed.
    const box = within(card).getByRole('img', { name: 'The EIN box of the fax received November 24, 2026 at 2:30 PM EST' });
    expect(box.getAttribute('src')).toBe('/api/manage/fax-inbox/31/ein-box');
    expect(box.closest('div')?.textContent).toContain('12-3456789');
    expect(within(card).getByRole('link', { name: 'Open the fax in the inbox' }).getAttribute('href')).toBe('/manage/fax-inbox?fax=31');

    await user.click(within(card).getByRole('button', { name: 'Confirm EIN' }));
    await waitFor(() => expect(within(card).getByTestId('filing-status').textContent).toBe('EIN received'));
    expect(requestsTo('POST', '/api/manage/fax-inbox/31/match').map((request) => request.body)).toEqual([{ orderId: 42, ein: '12-3456789' }]);
    expect(within(card).queryByRole('button', { name: 'Confirm EIN' })).toBeNull();
    expect(within(card).getByRole('list', { name: 'IRS letters' }).textContent).toBe('IRS letter, fax, 3 pages, received November 24, 2026 at 2:30 PM EST');
  });

  it('offers a fulfiller the filing of their own order, and nobody a new filing of a closed order', async () => {
    serveOrder(filingOf(), { order: { assignee: { id: fulfillerUser.id, name: fulfillerUser.name, email: fulfillerUser.email } } });
    renderOrderScreen({ staff: fulfillerUser });
    expect(within(await filingCard()).getByRole('button', { name: 'File by fax' })).toBeTruthy();
    resetPage();

    serveOrder(filingOf(), { order: { status: 'completed', ein: '12-3456789' } });
    renderOrderScreen();
    const card = await filingCard();
    expect(within(card).queryByRole('button', { name: 'File by fax' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Filed online' })).toBeNull();
  });

  it('offers no filing before the customer has signed, and says why instead', async () => {
    serveOrder(filingOf(), { order: { status: 'awaiting_user_signature', signing: { ...signed, state: 'sent', verifiedAt: null, signedAt: null, signerName: null } } });
    renderOrderScreen();
    const card = await filingCard();
    expect(within(card).getByTestId('filing-not-signed').textContent).toBe(filingMessages.notSigned);
    expect(within(card).queryByRole('button', { name: 'File by fax' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Filed online' })).toBeNull();
    resetPage();

    serveOrder(filingOf(), { order: { status: 'preparing_ss4_form', signing: { state: 'not_requested' } } });
    renderOrderScreen();
    const unrequested = await filingCard();
    expect(within(unrequested).getByTestId('filing-not-signed').textContent).toBe(filingMessages.notSigned);
    expect(within(unrequested).queryByRole('button', { name: 'File by fax' })).toBeNull();
    resetPage();

    serveOrder(filingOf());
    renderOrderScreen();
    const ready = await filingCard();
    expect(within(ready).queryByTestId('filing-not-signed')).toBeNull();
    expect(within(ready).getByRole('button', { name: 'File by fax' })).toBeTruthy();
  });

  it('offers a support member no filing, no online result and no fax-back to confirm, and none of the fax itself', async () => {
    const answer = { inboundFaxId: 31, ein: '12-3456789', receivedAt: '2026-11-24T19:30:00.000Z' };
    serveOrder(filingOf({ filings: [faxFiling({ status: 'failed', failureReason: 'No answer.' })], pendingAnswer: answer }));
    renderOrderScreen({ staff: supportUser });
    const card = await filingCard();
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('The IRS answered: EIN 12-3456789');
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    resetPage();
    FakeEventSource.install();

    const online = faxFiling({ id: 9, method: 'online', status: 'filed', to: null, line: null, attempts: 0, pages: null });
    serveOrder(filingOf({ filings: [online] }));
    renderOrderScreen({ staff: supportUser });
    const onlineCard = await filingCard();
    expect(within(onlineCard).getByTestId('filing-status').textContent).toBe('Filed online');
    expect(within(onlineCard).queryByRole('form', { name: 'Online filing result' })).toBeNull();
    expect(within(onlineCard).queryByRole('button')).toBeNull();
  });

  it('offers a fulfiller the fax-back of their own order to confirm, with its pages', async () => {
    const answer = { inboundFaxId: 31, ein: '12-3456789', receivedAt: '2026-11-24T19:30:00.000Z' };
    serveOrder(filingOf({ filings: [faxFiling()], pendingAnswer: answer }), { order: { assignee: { id: fulfillerUser.id, name: fulfillerUser.name, email: fulfillerUser.email } } });
    renderOrderScreen({ staff: fulfillerUser });
    const card = await filingCard();
    expect(within(card).getByRole('button', { name: 'Confirm EIN' })).toBeTruthy();
    expect(within(card).getByRole('img', { name: /^Page 1 of the fax/ })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the fax in the inbox' })).toBeTruthy();
  });

  describe('Send a new EIN-letter link', () => {
    const letters = [{ id: 4, source: 'fax' as const, pages: 3, createdAt: '2026-11-24T19:30:00.000Z' }];
    const completed = { status: 'completed' as const, ein: '12-3456789' };
    const linkButton = (card: HTMLElement) => within(card).queryByRole('button', { name: 'Send a new EIN-letter link' });

    it('e-mails the customer a new link to the letter of a completed order, and says to whom', async () => {
      serveOrder(filingOf({ filings: [faxFiling({ status: 'answered' })], letters }), { order: completed });
      serve({ 'POST /api/manage/orders/42/ein-letter-link': () => jsonResponse({ emailed: true }) });
      const { user } = renderOrderScreen({ staff: supportUser });
      const card = await filingCard();
      await user.click(linkButton(card) as HTMLElement);
      expect(await screen.findByText('A new EIN-letter link was sent to jane@example.com.')).toBeTruthy();
      // No body: the order in the address is all it needs.
      expect(requestsTo('POST', '/api/manage/orders/42/ein-letter-link').map((request) => request.body)).toEqual([undefined]);
    });

    it('says when the e-mail is queued to be retried, and shows the server\'s refusal', async () => {
      serveOrder(filingOf({ letters }), { order: completed });
      serve({ 'POST /api/manage/orders/42/ein-letter-link': () => jsonResponse({ emailed: false }) });
      const { user } = renderOrderScreen({ staff: supportUser });
      const card = await filingCard();
      await user.click(linkButton(card) as HTMLElement);
      expect(await screen.findByText('A new EIN-letter link for jane@example.com is queued: the e-mail could not be sent now and will be retried.')).toBeTruthy();

      serve({ 'POST /api/manage/orders/42/ein-letter-link': () => errorResponse('conflict', 'This order has no EIN letter.') });
      await user.click(linkButton(card) as HTMLElement);
      expect(await screen.findByText('This order has no EIN letter.')).toBeTruthy();
    });

    it('is offered to a fulfiller on their own completed order, and to nobody before the order is completed or without a letter', async () => {
      serveOrder(filingOf({ letters }), { order: { ...completed, assignee: { id: fulfillerUser.id, name: fulfillerUser.name, email: fulfillerUser.email } } });
      renderOrderScreen({ staff: fulfillerUser });
      expect(linkButton(await filingCard())).toBeTruthy();
      resetPage();
      FakeEventSource.install();

      serveOrder(filingOf({ filings: [faxFiling({ status: 'answered' })], letters }));
      renderOrderScreen();
      const notCompleted = await filingCard();
      expect(within(notCompleted).getByRole('list', { name: 'IRS letters' })).toBeTruthy();
      expect(linkButton(notCompleted)).toBeNull();
      resetPage();
      FakeEventSource.install();

      serveOrder(filingOf(), { order: completed });
      renderOrderScreen();
      expect(linkButton(await filingCard())).toBeNull();
    });
  });
});
