// @vitest-environment jsdom
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentDetails } from './payment-details';
import { TestCardForm } from './test-card-form';

afterEach(cleanup);

function renderForm() {
  const detailsRef = createRef<PaymentDetails | null>();
  const onReadyChange = vi.fn();
  const view = render(<TestCardForm detailsRef={detailsRef} onReadyChange={onReadyChange} />);
  return { ...view, detailsRef, onReadyChange };
}

describe('TestCardForm', () => {
  it('has the card inputs by their names, with card autocomplete and a numeric keypad', () => {
    const { container, onReadyChange } = renderForm();
    const number = screen.getByLabelText(/Card number/);
    expect(number.getAttribute('name')).toBe('cardNumber');
    expect(number.getAttribute('autocomplete')).toBe('cc-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText(/Expiration/).getAttribute('name')).toBe('cardExpiry');
    expect(screen.getByLabelText(/Security code/).getAttribute('name')).toBe('cardCvc');
    expect(container.textContent).toContain(
      "Test mode: no real charge. Use Stripe's test cards, e.g. 4242 4242 4242 4242, any future date, any CVC.",
    );
    for (const card of ['4000 0000 0000 0002', '4000 0000 0000 9995', '4000 0025 0000 3155']) expect(container.textContent).toContain(card);
    expect(onReadyChange).toHaveBeenCalledWith(true);
  });

  it('formats the number in groups of four and the expiry as MM / YY as the customer types', async () => {
    const user = userEvent.setup();
    renderForm();
    const number = screen.getByLabelText<HTMLInputElement>(/Card number/);
    await user.type(number, '42424242x42424242999');
    expect(number.value).toBe('4242 4242 4242 4242');
    const expiry = screen.getByLabelText<HTMLInputElement>(/Expiration/);
    await user.type(expiry, '1234');
    expect(expiry.value).toBe('12 / 34');
    const cvc = screen.getByLabelText<HTMLInputElement>(/Security code/);
    await user.type(cvc, '12a345');
    expect(cvc.value).toBe('1234');
  });

  it('stops with a validation error and shows the messages when the card is empty', async () => {
    const { detailsRef } = renderForm();
    let error: unknown;
    await act(async () => {
      error = await detailsRef.current?.submit();
    });
    expect(error).toMatchObject({ type: 'validation_error' });
    expect(await screen.findByText('Payment information is required')).toBeTruthy();
    expect(screen.getByText("Your card's expiration date is incomplete.")).toBeTruthy();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeTruthy();
    expect(screen.getByLabelText(/Card number/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/Card number/));
  });

  it("uses Stripe's messages for an incomplete or invalid number and a past expiry", async () => {
    const user = userEvent.setup();
    const { detailsRef } = renderForm();
    await user.type(screen.getByLabelText(/Card number/), '4242 4242');
    await user.type(screen.getByLabelText(/Expiration/), '0120');
    await user.type(screen.getByLabelText(/Security code/), '123');
    await act(async () => {
      await detailsRef.current?.submit();
    });
    expect(screen.getByText('Your card number is incomplete.')).toBeTruthy();
    expect(screen.getByText("Your card's expiration year is in the past.")).toBeTruthy();

    await user.clear(screen.getByLabelText(/Card number/));
    await user.type(screen.getByLabelText(/Card number/), '4242424242424241');
    await user.tab();
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
  });

  it('passes a complete card', async () => {
    const user = userEvent.setup();
    const { detailsRef } = renderForm();
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiration/), `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
    await user.type(screen.getByLabelText(/Security code/), '123');
    let error: unknown = 'not called';
    await act(async () => {
      error = await detailsRef.current?.submit();
    });
    expect(error).toBeNull();
  });
});
