// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import type { SigningState } from '#shared/signing/signing.ts';
import { FakeEventSource } from '#tests/client/event-source.ts';
import { jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { sampleOrder } from '#tests/client/orders.ts';
import { resetPage } from '#tests/client/render.tsx';
import { adminUser, fulfillerUser, staffList, supportUser } from '#tests/client/staff.ts';
import { renderOrderScreen } from '#tests/client/render-order-screen.tsx';

beforeEach(() => FakeEventSource.install());

const sent: SigningState = {
  state: 'sent',
  requestId: '7d1c3a52-6a43-4c8e-9d6b-2f1f0f7f6a11',
  sentAt: '2026-11-22T15:00:00.000Z',
  expiresAt: '2026-11-29T15:00:00.000Z',
  remindedAt: null,
  verifiedAt: null,
  signedAt: null,
  signerName: null,
};
const signed: SigningState = { ...sent, state: 'signed', verifiedAt: '2026-11-22T16:00:00.000Z', signedAt: '2026-11-22T16:05:00.000Z', signerName: 'John Public' };

const ownOrder = { assignee: { id: fulfillerUser.id, name: fulfillerUser.name, email: fulfillerUser.email } };

function serveOrder(overrides: Partial<OrderDetail>) {
  serve({
    'GET /api/manage/orders/42': () => jsonResponse({ order: sampleOrder(overrides), emails: [] }),
    'GET /api/manage/staff': () => jsonResponse({ staff: staffList }),
    'GET /api/manage/orders/42/comments': () => jsonResponse({ comments: [] }),
    'POST /api/manage/orders/42/signature-requests': () => jsonResponse({ signing: sent }),
  });
}

async function signatureCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Customer Signature' });
  return heading.closest('.rounded-xl') as HTMLElement;
}

const buttonNames = (card: HTMLElement) => [...within(card).queryAllByRole('button'), ...within(card).queryAllByRole('link')].map((control) => control.textContent);

describe('OrderSignatureCard', () => {
  it('lets a support member send a new signing link for an order awaiting the signature, and nothing else', async () => {
    serveOrder({ status: 'awaiting_user_signature', signing: sent });
    const { user } = renderOrderScreen({ staff: supportUser });
    const card = await signatureCard();
    expect(buttonNames(card)).toEqual(['Send a new signing link']);
    await user.click(within(card).getByRole('button', { name: 'Send a new signing link' }));
    expect(await screen.findByText('The signing link was sent to jane@example.com.')).toBeTruthy();
    expect(requestsTo('POST', '/api/manage/orders/42/signature-requests')).toHaveLength(1);
  });

  it('does not offer a support member the first signing request: it changes the order\'s status', async () => {
    serveOrder({ status: 'preparing_ss4_form', signing: { state: 'not_requested' } });
    renderOrderScreen({ staff: supportUser });
    const card = await signatureCard();
    expect(within(card).getByTestId('signing-state').textContent).toBe('Not requested');
    expect(buttonNames(card)).toEqual([]);
  });

  it('shows a support member a signed SS-4\'s state only: no download, no void', async () => {
    serveOrder({ status: 'ss4_signed_awaiting_irs', signing: signed });
    renderOrderScreen({ staff: supportUser });
    const card = await signatureCard();
    expect(within(card).getByTestId('signing-state').textContent).toBe('Signed');
    expect(buttonNames(card)).toEqual([]);
  });

  it('offers a fulfiller on their own order the signing request, then the signed SS-4 and its void', async () => {
    serveOrder({ ...ownOrder, status: 'preparing_ss4_form', signing: { state: 'not_requested' } });
    const { user } = renderOrderScreen({ staff: fulfillerUser });
    const card = await signatureCard();
    expect(buttonNames(card)).toEqual(['Send for signature']);
    await user.click(within(card).getByRole('button', { name: 'Send for signature' }));
    await waitFor(() => expect(requestsTo('POST', '/api/manage/orders/42/signature-requests')).toHaveLength(1));
    resetPage();
    FakeEventSource.install();

    serveOrder({ ...ownOrder, status: 'ss4_signed_awaiting_irs', signing: signed });
    renderOrderScreen({ staff: fulfillerUser });
    const signedCard = await signatureCard();
    expect(buttonNames(signedCard)).toEqual(['Void the signature and ask again', 'Download signed SS-4']);
    expect(within(signedCard).getByRole('link', { name: 'Download signed SS-4' }).getAttribute('href')).toBe('/api/manage/orders/42/ss4-signed.pdf');
  });

  it('offers an admin the same on any order', async () => {
    serveOrder({ status: 'ss4_signed_awaiting_irs', signing: signed });
    renderOrderScreen({ staff: adminUser });
    expect(buttonNames(await signatureCard())).toEqual(['Void the signature and ask again', 'Download signed SS-4']);
  });
});
