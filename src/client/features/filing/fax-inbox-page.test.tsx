// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { paths } from '#client/paths.ts';
import { filingMessages, type InboxFax } from '#shared/filing/filing.ts';
import { errorResponse, jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { currentLocation, renderPage } from '#tests/client/render.tsx';
import { adminUser } from '#tests/client/staff.ts';
import { FaxInboxPage } from './fax-inbox-page';

function inboxFax(overrides: Partial<InboxFax> = {}): InboxFax {
  return {
    id: 31,
    // 2:30 PM Eastern (standard time).
    receivedAt: '2026-11-24T19:30:00.000Z',
    from: '+18556416935',
    pages: 2,
    status: 'matched',
    matchMethod: 'code',
    order: { id: 42, applicationId: 'HFE12W87EQ23', companyName: 'Hill Country Woodworks LLC' },
    ein: '12-3456789',
    suggestions: [{ orderId: 43, applicationId: 'ZZ9PLURALZ01', companyName: 'Plural Holdings LLC', sentAt: '2026-11-23T15:05:00.000Z' }],
    ...overrides,
  };
}

const older = inboxFax({ id: 30, receivedAt: '2026-11-20T15:00:00.000Z', status: 'confirmed', order: { id: 40, applicationId: 'AAAA1111BBBB', companyName: null }, ein: '98-7654321', suggestions: [] });
const unmatched = inboxFax({ id: 32, receivedAt: '2026-11-25T13:00:00.000Z', from: null, pages: 1, status: 'unmatched', matchMethod: null, order: null, ein: null });

function renderInbox(url: string = paths.manageFaxInbox) {
  return renderPage(
    <Routes>
      <Route path={paths.manageFaxInbox} element={<FaxInboxPage />} />
      <Route path={`${paths.manageOrders}/:id`} element={<p>Order page</p>} />
    </Routes>,
    { url, staff: adminUser },
  );
}

/** The inbox as the server holds it; `GET /:id` answers each fax as it now stands. */
function serveInbox(faxes: InboxFax[]) {
  const current = new Map(faxes.map((fax) => [fax.id, fax]));
  serve({
    'GET /api/manage/fax-inbox': () => jsonResponse({ faxes: [...current.values()] }),
    'GET /api/manage/fax-inbox/:id': (request) => {
      const fax = current.get(Number(request.path.split('/').pop()));
      return fax ? jsonResponse({ fax }) : errorResponse('not_found', filingMessages.faxNotFound);
    },
  });
  return current;
}

describe('FaxInboxPage', () => {
  it('says so when no fax has been received', async () => {
    serveInbox([]);
    renderInbox();
    expect(await screen.findByText('No faxes received yet.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Fax inbox' })).toBeTruthy();
    expect(document.title).toBe('Fax inbox | EIN Filing Service');
  });

  it('lists the faxes newest first with their time in Eastern, sender, pages, status, order and EIN read', async () => {
    serveInbox([older, inboxFax(), unmatched]);
    renderInbox();
    const table = await screen.findByRole('table', { name: 'Faxes received' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['November 25, 2026 at 8:00 AM EST', 'Unknown', '1', 'To match', '—', '—'],
      ['November 24, 2026 at 2:30 PM EST', '(855) 641-6935', '2', 'To confirm', 'HFE12W87EQ23', '12-3456789'],
      ['November 20, 2026 at 10:00 AM EST', '(855) 641-6935', '2', 'Confirmed', 'AAAA1111BBBB', '98-7654321'],
    ]);
    expect(within(table).getByRole('link', { name: 'HFE12W87EQ23' }).getAttribute('href')).toBe('/manage/orders/42');
  });

  it('opens a fax: its pages as images and the match form, prefilled with the order and the EIN read', async () => {
    serveInbox([inboxFax(), unmatched]);
    const { user } = renderInbox();
    const table = await screen.findByRole('table', { name: 'Faxes received' });
    await user.click(within(table).getByRole('button', { name: 'November 24, 2026 at 2:30 PM EST' }));
    expect(currentLocation().search.get('fax')).toBe('31');

    const detail = await screen.findByRole('heading', { level: 2, name: 'Fax received November 24, 2026 at 2:30 PM EST' });
    const card = detail.closest('#fax-detail') as HTMLElement;
    const pages = within(card).getAllByRole('img');
    expect(pages.map((page) => [page.getAttribute('alt'), page.getAttribute('src')])).toEqual([
      // The EIN box, by the EIN field of the form, then the pages.
      ['The EIN box of the fax received November 24, 2026 at 2:30 PM EST', '/api/manage/fax-inbox/31/ein-box'],
      ['Page 1 of the fax received November 24, 2026 at 2:30 PM EST', '/api/manage/fax-inbox/31/pages/1'],
      ['Page 2 of the fax received November 24, 2026 at 2:30 PM EST', '/api/manage/fax-inbox/31/pages/2'],
    ]);
    const form = within(card).getByRole('form', { name: 'Confirm the match' });
    const order = within(form).getByRole('combobox', { name: 'Order' }) as HTMLSelectElement;
    expect(within(order).getAllByRole('option').map((option) => [option.textContent, (option as HTMLOptionElement).disabled])).toEqual([
      ['None', true],
      ['HFE12W87EQ23, Hill Country Woodworks LLC', false],
      ['ZZ9PLURALZ01, Plural Holdings LLC', false],
    ]);
    expect(order.value).toBe('42');
    expect((within(form).getByRole('textbox', { name: 'EIN' }) as HTMLInputElement).value).toBe('12-3456789');
  });

  it('confirms the order and the EIN, and shows the fax confirmed', async () => {
    const faxes = serveInbox([inboxFax()]);
    serve({
      'POST /api/manage/fax-inbox/31/match': () => {
        const confirmed = inboxFax({ status: 'confirmed', order: { id: 43, applicationId: 'ZZ9PLURALZ01', companyName: 'Plural Holdings LLC' }, ein: '12-3456780', suggestions: [] });
        faxes.set(31, confirmed);
        return jsonResponse({ fax: confirmed });
      },
    });
    const { user } = renderInbox(`${paths.manageFaxInbox}?fax=31`);
    const form = await screen.findByRole('form', { name: 'Confirm the match' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Order' }), 'ZZ9PLURALZ01, Plural Holdings LLC');
    const ein = within(form).getByRole('textbox', { name: 'EIN' });
    await user.clear(ein);
    await user.type(ein, '12-3456780');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/Confirmed for order/)).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/fax-inbox/31/match').map((request) => request.body)).toEqual([{ orderId: 43, ein: '12-3456780' }]);
    expect(screen.queryByRole('form', { name: 'Confirm the match' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Faxes received' });
    await waitFor(() => expect(within(table).getByText('Confirmed')).toBeTruthy());
  });

  it('asks for an order and a well-formed EIN before sending, and shows the server\'s refusals by the field or as an alert', async () => {
    serveInbox([unmatched]);
    let answers = 0;
    serve({
      'POST /api/manage/fax-inbox/32/match': () =>
        ++answers === 1
          ? errorResponse('bad_request', 'This is not an EIN the IRS assigns: check its first two digits.', { ein: ['This is not an EIN the IRS assigns: check its first two digits.'] })
          : errorResponse('conflict', filingMessages.orderNotSuggested),
    });
    const { user } = renderInbox(`${paths.manageFaxInbox}?fax=32`);
    const form = await screen.findByRole('form', { name: 'Confirm the match' });
    expect((within(form).getByRole('combobox', { name: 'Order' }) as HTMLSelectElement).value).toBe('');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('Choose the order this fax answers')).toBeTruthy();
    expect(within(form).getByText('Enter the EIN as XX-XXXXXXX')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/fax-inbox/32/match')).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Order' }), 'ZZ9PLURALZ01, Plural Holdings LLC');
    await user.type(within(form).getByRole('textbox', { name: 'EIN' }), '00-1234567');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await within(form).findByText('This is not an EIN the IRS assigns: check its first two digits.')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: 'EIN' }).getAttribute('aria-invalid')).toBe('true');

    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(filingMessages.orderNotSuggested);
    expect(requestsTo('POST', '/api/manage/fax-inbox/32/match').map((request) => request.body)).toEqual([
      { orderId: 43, ein: '00-1234567' },
      { orderId: 43, ein: '00-1234567' },
    ]);
  });

  it('says so when the chosen fax is not one the member may open', async () => {
    serveInbox([]);
    renderInbox(`${paths.manageFaxInbox}?fax=99`);
    expect((await screen.findByRole('alert')).textContent).toBe(filingMessages.faxNotFound);
  });
});
