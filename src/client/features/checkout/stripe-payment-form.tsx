import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import { loadStripe, type Stripe, type StripeElements, type StripeExpressCheckoutElementOptions, type StripePaymentElementOptions } from '@stripe/stripe-js';
import { Elements, ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { checkoutMessages } from '#shared/checkout/checkout-messages.ts';
import { paths } from '#client/paths.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';
import { localeOfPath, pathInLocale } from '#shared/i18n/locales.ts';
import type { PaymentDetails, ProviderConfirmation } from './payment-details';
import type { AttemptOutcome } from './use-checkout';
import { SetupFailedNotice } from './setup-problem-notice';

// Stripe's Elements, in their own chunk: only loaded when Stripe keys are configured.

/** Apple Pay always, Google Pay, Amazon Pay and Link when available, no PayPal; at most 4 rows of 2. */
export const expressCheckoutOptions: StripeExpressCheckoutElementOptions = {
  paymentMethods: { applePay: 'always', googlePay: 'auto', amazonPay: 'auto', link: 'auto', paypal: 'never' },
  layout: { maxRows: 4, maxColumns: 2 },
};

/** The payment-method accordion: card, Cash App, Klarna, Amazon Pay, in that order. */
export const paymentElementOptions: StripePaymentElementOptions = {
  layout: { type: 'accordion' },
  paymentMethodOrder: ['card', 'cashapp', 'klarna', 'amazon_pay'],
};

/** Where Stripe sends the customer back after a payment method that needs its own page: the confirmation in the page's language. */
export function stripeReturnUrl(): string {
  return `${window.location.origin}${pathInLocale(paths.confirmation, localeOfPath(window.location.pathname))}`;
}

/** Stripe's own texts in the page's language: Latin American Spanish for Spanish; English as the browser's choice, as before. */
const stripeLocales = { es: 'es-419' } as const;

// One Stripe.js per key for the page's life, as Stripe asks. A failed load (no network, blocked
// script) becomes null, which the form shows as a setup failure.
const stripeLoads = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let load = stripeLoads.get(publishableKey);
  if (!load) {
    load = loadStripe(publishableKey).catch((error: unknown) => {
      console.error('Stripe.js could not be loaded', error);
      stripeLoads.delete(publishableKey);
      return null;
    });
    stripeLoads.set(publishableKey, load);
  }
  return load;
}

/** The Complete Order flow's view of Stripe: `elements.submit()`, then `confirmPayment`, redirecting only if required. */
export function stripePaymentDetails(stripe: Stripe, elements: StripeElements): PaymentDetails {
  return {
    async submit() {
      const { error } = await elements.submit();
      return error ?? null;
    },
    async confirm(checkout): Promise<ProviderConfirmation> {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        clientSecret: checkout.clientSecret,
        confirmParams: { return_url: stripeReturnUrl() },
        redirect: 'if_required',
      });
      if (error) return { status: 'failed', error };
      return { status: 'confirmed', paymentIntentId: paymentIntent.id };
    },
  };
}

type StripePaymentFormProps = {
  publishableKey: string;
  clientSecret: string;
  detailsRef: Ref<PaymentDetails | null>;
  onReadyChange: (ready: boolean) => void;
  /** A wallet payment was authorised in the Express Checkout Element. */
  onExpressConfirm: (payment: PaymentDetails) => Promise<AttemptOutcome>;
  processing: boolean;
};

export function StripePaymentForm({ publishableKey, clientSecret, ...fieldsProps }: StripePaymentFormProps) {
  const [stripeLoad] = useState(() => stripeFor(publishableKey));
  const locale = getLocale();
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let current = true;
    void stripeLoad.then((stripe) => {
      if (current && !stripe) setLoadFailed(true);
    });
    return () => {
      current = false;
    };
  }, [stripeLoad]);

  if (loadFailed) return <SetupFailedNotice message={checkoutMessages.setupFailed} />;
  return (
    <Elements
      stripe={stripeLoad}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#1d4ed8' } },
        ...(locale === 'es' ? { locale: stripeLocales[locale] } : {}),
      }}
    >
      <StripeFields {...fieldsProps} />
    </Elements>
  );
}

function StripeFields({ detailsRef, onReadyChange, onExpressConfirm, processing }: Omit<StripePaymentFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [paymentElementReady, setPaymentElementReady] = useState(false);
  const [expressAvailable, setExpressAvailable] = useState(false);
  const [elementFailed, setElementFailed] = useState(false);

  useImperativeHandle<PaymentDetails | null, PaymentDetails | null>(detailsRef, () => (stripe && elements ? stripePaymentDetails(stripe, elements) : null), [stripe, elements]);

  const ready = Boolean(stripe && elements && paymentElementReady) && !elementFailed;
  useEffect(() => {
    onReadyChange(ready);
  }, [onReadyChange, ready]);
  useEffect(() => () => onReadyChange(false), [onReadyChange]);

  if (elementFailed) return <SetupFailedNotice message={checkoutMessages.setupFailed} />;
  return (
    <div className="space-y-4">
      <div>
        {expressAvailable ? <h3 className="mb-2 text-sm font-medium text-slate-800">{m.checkout_express_heading()}</h3> : null}
        <ExpressCheckoutElement
          options={expressCheckoutOptions}
          onReady={(event) => setExpressAvailable(Boolean(event.availablePaymentMethods))}
          onConfirm={async (event) => {
            if (!stripe || !elements) {
              event.paymentFailed({ reason: 'fail' });
              return;
            }
            const outcome = await onExpressConfirm(stripePaymentDetails(stripe, elements));
            // Closes the wallet's sheet when the flow stopped before Stripe confirmed anything.
            if (outcome === 'failed' || outcome === 'stopped') event.paymentFailed({ reason: 'fail' });
          }}
        />
        {expressAvailable ? (
          <p className="mt-4 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            {m.checkout_pay_another_way()}
          </p>
        ) : null}
      </div>
      <PaymentElement
        options={{ ...paymentElementOptions, readOnly: processing }}
        onReady={() => setPaymentElementReady(true)}
        onLoadError={(event) => {
          console.error('The payment form could not be loaded', event.error.message);
          setElementFailed(true);
        }}
      />
    </div>
  );
}
