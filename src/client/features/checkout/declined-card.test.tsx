// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { sampleApplication } from '#shared/application/sample-application.ts';
import type { CheckoutResponse } from '#shared/checkout/checkout.ts';
import { jsonResponse, serve } from '#tests/client/network.ts';
import { speak } from '#tests/support/locale.ts';
import type { PaymentDetails } from './payment-details';
import type { ProviderError } from './payment-errors';
import { ResultDialog } from './result-dialog';
import { useCompleteOrder } from './use-checkout';

// Step 6 when the card is refused: the test processor answers in English, as Stripe's API does; the
// customer reads the refusal in the page's language.

afterEach(() => {
  cleanup();
  window.dataLayer = [];
  vi.restoreAllMocks();
});

const checkout: CheckoutResponse = {
  trackingNumber: 'HFE12W87EQ23',
  paymentIntentId: 'pi_1',
  clientSecret: 'pi_1_secret_x',
  amountCents: 14900,
  currency: 'usd',
  review: [],
  duplicateWarning: null,
};

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

/** Pays with a card the provider refuses with `error`, and shows the result as step 6 does. */
async function payRefused(error: ProviderError) {
  serve({ 'POST /api/checkout': () => jsonResponse(checkout) });
  const flow = renderHook(() => useCompleteOrder({ draftId: '4c8a2b0e-5a55-4a0c-9f3a-2f1f0b7c2d11', application: sampleApplication() }), { wrapper });
  const details: PaymentDetails = { submit: () => Promise.resolve(null), confirm: () => Promise.resolve({ status: 'failed', error }) };
  await act(async () => {
    await flow.result.current.completeOrder({ email: 'jane@example.com', method: 'stripe', payment: details });
  });
  render(<ResultDialog result={flow.result.current.result} onContinue={vi.fn()} onTryAgain={vi.fn()} onClosed={vi.fn()} />);
  return screen.getByRole('dialog');
}

const declined: ProviderError = { type: 'card_error', code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

describe('a declined card on step 6', () => {
  it('is told in Spanish on the Spanish page, with what to do next', async () => {
    speak('es');
    const dialog = await payRefused(declined);
    expect(screen.getByRole('heading', { name: 'El pago no se realizó' })).toBeTruthy();
    expect(dialog.textContent).toContain('Su tarjeta fue rechazada.');
    expect(dialog.textContent).not.toContain('Your card was declined.');
    expect(dialog.textContent).toContain('Sus respuestas están guardadas.');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });

  it('says why in Spanish for insufficient funds and a live card in test mode, as Stripe.js names the reason too', async () => {
    speak('es');
    expect((await payRefused({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' })).textContent).toContain(
      'Su tarjeta no tiene fondos suficientes.',
    );
    cleanup();
    expect((await payRefused({ ...declined, declineCode: 'test_mode_live_card', message: 'Your card was declined. Your request was in test mode, but used a non test card.' })).textContent).toContain(
      'usó una tarjeta que no es de prueba',
    );
  });

  it("keeps the provider's words for a reason it has no sentence for", async () => {
    speak('es');
    expect((await payRefused({ type: 'card_error', code: 'card_declined', declineCode: 'do_not_honor', message: 'Tarjeta rechazada por el banco.' })).textContent).toContain(
      'Tarjeta rechazada por el banco.',
    );
  });

  it('reads as before in English', async () => {
    const dialog = await payRefused(declined);
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(dialog.textContent).toContain('Your card was declined.');
  });
});
