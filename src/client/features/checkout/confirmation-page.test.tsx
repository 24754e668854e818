// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { applicationStorageKey } from '#client/lib/application-storage.ts';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { checkoutStorageKeys, confirmationMessages } from '#shared/checkout/checkout-messages.ts';
import { jsonResponse, laterResponse, networkFailure, requests, requestsTo, serve } from '#tests/client/network.ts';
import { speak } from '#tests/support/locale.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { deliveryPromiseInFullFor } from '#shared/delivery-promise.ts';
import { renderPage } from '#tests/client/render.tsx';
import { paths } from '#client/paths.ts';
import { ConfirmationPage } from './confirmation-page';

beforeEach(() => {
  // jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  sessionStorage.setItem(applicationStorageKey, JSON.stringify(sampleApplication()));
  sessionStorage.setItem(checkoutStorageKeys.draftId, '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
});

afterEach(() => sessionStorage.clear());

function renderConfirmation(url: string = paths.confirmation) {
  renderPage(
    <Routes>
      <Route path={paths.confirmation} element={<ConfirmationPage />} />
    </Routes>,
    { url },
  );
}

/** The failure view, with the spec's message, failure text and buttons; nothing saved is cleared. */
async function expectFailure(message: string) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe(message);
  expect(screen.getByText(confirmationMessages.failureText)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Retry Payment' }).getAttribute('href')).toBe(paths.step6);
  expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe(paths.home);
  expect(screen.queryByRole('link', { name: 'Track Application' })).toBeNull();
  expect(sessionStorage.getItem(applicationStorageKey)).not.toBeNull();
  expect(sessionStorage.getItem(checkoutStorageKeys.draftId)).not.toBeNull();
}

describe('ConfirmationPage', () => {
  it('says payment information is missing when there is no reference, without calling the server', async () => {
    renderConfirmation();
    await expectFailure(confirmationMessages.missingReference);
    expect(requests()).toHaveLength(0);
  });

  it('sets its title, a description with the price, and the canonical link', async () => {
    renderConfirmation();
    await screen.findByRole('heading', { level: 1, name: 'Payment not completed' });
    expect(document.title).toBe('EIN Application Confirmation | EIN Filing Service');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain('$149.00');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/ein/confirmation`);
    expect(screen.getByText(/not the IRS/)).toBeTruthy();
  });

  it('shows "Verifying your payment..." and then that verification failed when the call cannot reach the server', async () => {
    const confirm = laterResponse();
    serve({ 'POST /api/payments/confirm': confirm.response });
    renderConfirmation(`${paths.confirmation}?payment_intent=pi_123&redirect_status=succeeded`);

    expect((await screen.findByRole('status')).textContent).toBe('Verifying your payment...');
    expect(requests()).toHaveLength(1);
    expect(requestsTo('POST', '/api/payments/confirm')[0]?.body).toEqual({ paymentIntentId: 'pi_123' });

    confirm.respond(networkFailure());
    await expectFailure(confirmationMessages.verificationFailed);
    expect(requests()).toHaveLength(1);
  });

  it('verifies the reference saved by step 6 when the address has none', async () => {
    sessionStorage.setItem(checkoutStorageKeys.paymentReference, 'pi_saved');
    serve({ 'POST /api/payments/confirm': networkFailure });
    renderConfirmation();
    await expectFailure(confirmationMessages.verificationFailed);
    expect(requestsTo('POST', '/api/payments/confirm')[0]?.body).toEqual({ paymentIntentId: 'pi_saved' });
  });

  describe('in Spanish', () => {
    const spanishPath = pathInLocale(paths.confirmation, 'es');

    function renderSpanish(url: string) {
      renderPage(
        <Routes>
          <Route path={spanishPath} element={<ConfirmationPage />} />
        </Routes>,
        { url },
      );
    }

    it('confirms a paid order in Spanish, with the tracking number and links to the Spanish pages', async () => {
      speak('es');
      serve({
        'POST /api/payments/confirm': () =>
          jsonResponse({
            success: true,
            amount: 14900,
            currency: 'usd',
            status: 'succeeded',
            paymentIntentId: 'pi_123',
            trackingNumber: 'HFE12W87EQ23',
            paymentMethod: 'card',
            cancelPath: '/cancel-order/token123',
            filingRoute: 'fax_only',
          }),
      });
      renderSpanish(`${spanishPath}?payment_intent=pi_123`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Pago confirmado' })).toBeTruthy();
      expect(document.title).toBe('Confirmación de la solicitud de EIN | EIN Filing Service');
      expect(screen.getByText('¡Gracias! Recibimos su solicitud de EIN.')).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Su número de seguimiento' })).toBeTruthy();
      expect(screen.getByText('HFE12W87EQ23')).toBeTruthy();
      const details = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
      expect(details('Total del pedido')).toBe('$149.00');
      expect(details('Estado del pago')).toBe('Pagado');
      expect(details('Forma de pago')).toBe('Tarjeta de crédito o débito');
      const promise = deliveryPromiseInFullFor('fax_only');
      expect(promise).toMatch(/^Atendemos cada pedido pagado/);
      expect(screen.getByText(`Le enviamos una confirmación por correo electrónico. ${promise} Le enviamos su EIN por correo electrónico en cuanto se emita.`)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Copiar el número de seguimiento' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Seguir la solicitud' }).getAttribute('href')).toBe('/es/track-application?number=HFE12W87EQ23');
      expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/es/');
      expect(screen.getByRole('link', { name: 'Cancelar mi pedido' }).getAttribute('href')).toBe('/es/cancel-order/token123');
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/es/ein/confirmation`);
    });

    it('says in Spanish that the payment is not complete, with the way back to the Spanish step 6', async () => {
      speak('es');
      renderSpanish(spanishPath);
      expect(await screen.findByRole('heading', { level: 1, name: 'Pago no completado' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe('Falta la información del pago.');
      expect(screen.getByText(/^Si se retuvieron fondos/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Reintentar el pago' }).getAttribute('href')).toBe('/es/ein/step-6');
    });
  });
});
