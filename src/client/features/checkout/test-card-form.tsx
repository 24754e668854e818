import { useEffect, useImperativeHandle, type Ref } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { testCardDefaults, testCardSchema, type TestCard, type TestPaymentResult } from '#shared/payments/test-card.ts';
import { MaskedField, type MaskSpec } from '#client/components/form/fields.tsx';
import { apiRequest } from '#client/lib/api.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';
import type { PaymentDetails, ProviderConfirmation } from './payment-details';

const cardMasks = {
  number: { mask: '____ ____ ____ ____', store: 'formatted' },
  expiry: { mask: '__ / __', store: 'formatted' },
  cvc: { mask: '____', store: 'digits' },
} as const satisfies Record<string, MaskSpec>;

const testCards = [
  { number: '4242 4242 4242 4242', outcome: m.checkout_test_card_succeeds },
  { number: '4000 0000 0000 0002', outcome: m.checkout_test_card_declined },
  { number: '4000 0000 0000 9995', outcome: m.checkout_test_card_insufficient_funds },
  { number: '4000 0025 0000 3155', outcome: m.checkout_test_card_authenticates },
] as const;

type TestCardFormProps = {
  /** Receives what the Complete Order flow calls to check and charge the card. */
  detailsRef: Ref<PaymentDetails | null>;
  onReadyChange: (ready: boolean) => void;
};

/**
 * The built-in test processor's card form (no Stripe keys configured). It behaves like Stripe's
 * test cards; the card goes to our server's test processor, which keeps nothing of it but the
 * outcome.
 */
export function TestCardForm({ detailsRef, onReadyChange }: TestCardFormProps) {
  const form = useForm<TestCard>({
    resolver: zodResolver(testCardSchema()),
    defaultValues: testCardDefaults,
    mode: 'onTouched',
  });

  useImperativeHandle(
    detailsRef,
    (): PaymentDetails => ({
      async submit() {
        // Like Stripe's `elements.submit()`: the messages appear under the fields, the flow stops quietly.
        const valid = await form.trigger(undefined, { shouldFocus: true });
        return valid ? null : { type: 'validation_error', message: m.checkout_card_check_details() };
      },
      async confirm(checkout): Promise<ProviderConfirmation> {
        const result = await apiRequest<TestPaymentResult>('POST', '/api/test-payments/confirm', {
          clientSecret: checkout.clientSecret,
          ...form.getValues(),
        });
        if ('error' in result) return { status: 'failed', error: result.error };
        // The processor's challenge page, in the language of this page.
        if (result.nextAction) return { status: 'redirect', url: pathInLocale(result.nextAction.redirectUrl, getLocale()) };
        return { status: 'confirmed', paymentIntentId: result.paymentIntent.id };
      },
    }),
    [form],
  );

  useEffect(() => {
    onReadyChange(true);
    return () => onReadyChange(false);
  }, [onReadyChange]);

  return (
    <FormProvider {...form}>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1">
        <MaskedField
          name="cardNumber"
          label={m.checkout_card_number_label()}
          required
          mask={cardMasks.number}
          placeholder="1234 1234 1234 1234"
          autoComplete="cc-number"
          className="col-span-2"
        />
        <MaskedField
          name="cardExpiry"
          label={m.checkout_card_expiry_label()}
          required
          mask={cardMasks.expiry}
          placeholder={m.checkout_card_expiry_placeholder()}
          autoComplete="cc-exp"
        />
        <MaskedField name="cardCvc" label={m.checkout_card_cvc_label()} required mask={cardMasks.cvc} placeholder="CVC" autoComplete="cc-csc" />
      </div>
      <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <p className="flex items-start gap-2 font-medium">
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {m.checkout_test_mode_cards()}
        </p>
        <ul className="mt-2 space-y-1 pl-6 text-xs">
          {testCards.map((card) => (
            <li key={card.number}>
              <span className="font-mono whitespace-nowrap">{card.number}</span> {card.outcome()}
            </li>
          ))}
        </ul>
      </div>
    </FormProvider>
  );
}
