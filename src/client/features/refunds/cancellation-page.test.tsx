// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { deliveryPromise } from '#shared/delivery-promise.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { cancellationMessages, type CancellationView } from '#shared/refunds/refunds.ts';
import { trackingPageHref } from '#shared/site/public-paths.ts';
import { jsonResponse, requestsTo, serve } from '#tests/client/network.ts';
import { renderPage } from '#tests/client/render.tsx';
import { speak } from '#tests/support/locale.ts';
import { paths } from '#client/paths.ts';
import { CancellationPage } from './cancellation-page';

// The customer's one-hour cancellation page, behind the link of the confirmation e-mail, in the
// customer's language.

const token = 'cAnC3lT0k3nAbCdEfGhIjKlMnOpQrStUvWxYz0123456';
const api = `/api/cancellations/${token}`;
const order = { trackingNumber: 'HFE12W87EQ23', companyName: 'Acme Widgets LLC' };
const deadline = '2026-11-26T12:05:00.000Z';
const cancellable: CancellationView = { state: 'cancellable', ...order, amountCents: 14900, deadline };

/** The paragraph whose whole text (across its amount and time) matches. */
const paragraph = (text: RegExp) => screen.findByText((_, element) => element?.tagName === 'P' && text.test(element.textContent ?? ''));

function renderCancellation(locale: 'en' | 'es' = 'en') {
  return renderPage(
    <Routes>
      <Route path={pathInLocale(paths.cancelOrder, locale)} element={<CancellationPage />} />
    </Routes>,
    { url: pathInLocale(`/cancel-order/${token}`, locale) },
  ).user;
}

describe('CancellationPage', () => {
  it('names the order and its refund, and cancels it with one button', async () => {
    serve({
      [`GET ${api}`]: () => jsonResponse(cancellable),
      [`POST ${api}`]: () => jsonResponse({ state: 'cancelled', ...order, refundedCents: 14900, supportEmail: 'help@example.com' }),
    });
    const user = renderCancellation();
    const terms = await paragraph(/^Cancelling stops your application before it is filed, and refunds your payment of \$149\.00 in full to the card you paid with\. You can cancel until .+ \d{4} at .+, as long as your application has not been submitted to the IRS\.$/);
    expect(terms.querySelector('time')?.getAttribute('datetime')).toBe(deadline);
    expect(screen.getByRole('link', { name: 'Keep my order' }).getAttribute('href')).toBe(trackingPageHref(order.trackingNumber));
    await user.click(screen.getByRole('button', { name: 'Cancel my order and refund $149.00' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your order has been cancelled' })).toBeTruthy();
    expect(await paragraph(/^Refunded: \$149\.00\. We have e-mailed you a confirmation\. Depending on your bank, the refund appears on your statement within 5 to 10 business days\.$/)).toBeTruthy();
    expect(requestsTo('POST', api)).toHaveLength(1);
  });

  it('states the refund policy in the Terms\u2019 words, its first item the delivery promise\u2019s condition', () => {
    const condition = deliveryPromise.refundCondition;
    expect(cancellationMessages.policy[0]).toBe(`${condition.charAt(0).toUpperCase()}${condition.slice(1)}.`);
  });

  it('speaks Spanish under /es/: the order, the refund, the button and the links', async () => {
    speak('es');
    serve({
      [`GET ${api}`]: () => jsonResponse(cancellable),
      [`POST ${api}`]: () => jsonResponse({ state: 'cancelled', ...order, refundedCents: 14900, supportEmail: 'help@example.com' }),
    });
    const user = renderCancellation('es');
    const terms = await paragraph(/^Al cancelar, detenemos su solicitud antes de presentarla y le reembolsamos su pago de \$149\.00 en su totalidad a la tarjeta con la que pagó\. Puede cancelar hasta el .+, siempre que su solicitud no se haya presentado ante el IRS\.$/);
    expect(terms.querySelector('time')?.textContent).toMatch(/^\d+ de noviembre de 2026/);
    expect(screen.getByRole('heading', { level: 1, name: 'Cancelar mi pedido' })).toBeTruthy();
    expect(document.title).toBe('Cancelar mi pedido | EIN Filing Service');
    expect(screen.getByText('Empresa')).toBeTruthy();
    expect(screen.getByText('Número de seguimiento')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Conservar mi pedido' }).getAttribute('href')).toBe(`/es${trackingPageHref(order.trackingNumber)}`);
    await user.click(screen.getByRole('button', { name: 'Cancelar mi pedido y reembolsar $149.00' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Su pedido fue cancelado' })).toBeTruthy();
    expect(screen.getByText('Su pedido fue cancelado y su pago se reembolsó en su totalidad.')).toBeTruthy();
    expect(await paragraph(/^Reembolsado: \$149\.00\. Le enviamos una confirmación por correo electrónico\./)).toBeTruthy();
  });

  it('gives the refund policy in Spanish when the order can no longer be cancelled', async () => {
    speak('es');
    serve({ [`GET ${api}`]: () => jsonResponse({ state: 'closed', why: 'submitted', ...order, supportEmail: 'help@example.com' }) });
    renderCancellation('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Este pedido ya no se puede cancelar en línea' })).toBeTruthy();
    expect(screen.getByTestId('cancellation-refusal').textContent).toBe('Su solicitud ya se presentó ante el IRS, así que este pedido ya no se puede cancelar.');
    expect(screen.getByRole('heading', { level: 2, name: 'Nuestra política de reembolsos' })).toBeTruthy();
    expect(screen.getByText('Su solicitud es rechazada por un error nuestro.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'página de Términos' }).getAttribute('href')).toBe(`/es${paths.terms}`);
  });
});
