import { lazy, Suspense, useCallback, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Lock } from 'lucide-react';
import { z } from 'zod';
import type { SavedApplication } from '#shared/application/sections.ts';
import { billingEmailSchema } from '#shared/checkout/billing-email.ts';
import { TextField } from '#client/components/form/fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { BackLink } from '#client/components/wizard-shell/back-link.tsx';
import { getPublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { m } from '#shared/i18n/messages.ts';
import { clearCheckoutDraft, getOrCreateDraftId } from './checkout-storage';
import { OrderSummary } from './order-summary';
import { AnswersReview } from './answers-review';
import { DuplicateNotice } from './duplicate-notice';
import type { PaymentDetails } from './payment-details';
import { describeSetupProblem } from './setup-problem';
import { SetupProblemNotice } from './setup-problem-notice';
import { TestCardForm } from './test-card-form';
import { useCheckoutSession, useCompleteOrder, type AttemptOutcome } from './use-checkout';

// Stripe's libraries stay out of this chunk: only a configured Stripe account loads them.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((module) => ({ default: module.StripePaymentForm })));
// The result dialog (and the dialog library) is needed only once a payment is tried: it loads then,
// which keeps step 6 within its budget with the review of every answer on it.
const loadResultDialog = () => import('./result-dialog');
const ResultDialog = lazy(() => loadResultDialog().then((module) => ({ default: module.ResultDialog })));

const billingSchema = z.strictObject({ email: billingEmailSchema });
type Billing = z.infer<typeof billingSchema>;

function LoadingPaymentForm() {
  return (
    <p role="status" className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      {m.checkout_loading_payment_form()}
    </p>
  );
}

/** Step 6's order summary, e-mail, payment form and Complete Order button, for a complete application. */
export function CheckoutForm({ application }: { application: SavedApplication }) {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const [{ priceCents, payments }] = useState(getPublicConfig);
  const [draftId, setDraftId] = useState(getOrCreateDraftId);
  // The checkout expired unpaid and its answers were erased: a new draft id starts a new checkout.
  const startAgain = useCallback(() => {
    clearCheckoutDraft();
    setDraftId(getOrCreateDraftId());
  }, []);
  const initialEmail = application.contact?.emailAddress ?? '';

  const session = useCheckoutSession({ draftId, application, email: initialEmail });
  const order = useCompleteOrder({ draftId, application, onExpired: startAgain });
  const form = useForm<Billing>({ resolver: zodResolver(billingSchema), defaultValues: { email: initialEmail }, mode: 'onTouched' });

  const paymentDetails = useRef<PaymentDetails | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [paymentReady, setPaymentReady] = useState(false);
  const onReadyChange = useCallback((ready: boolean) => setPaymentReady(ready), []);

  // Mounted from the first result on, and kept, so it can close (and give focus back) like any dialog.
  const [resultDialogNeeded, setResultDialogNeeded] = useState(false);
  if (order.result && !resultDialogNeeded) setResultDialogNeeded(true);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    void loadResultDialog();
    void form.handleSubmit(async ({ email }) => {
      const payment = paymentDetails.current;
      if (!payment) return;
      await order.completeOrder({ email, method: 'stripe', payment });
    })(event);
  }

  async function payWithWallet(payment: PaymentDetails): Promise<AttemptOutcome> {
    void loadResultDialog();
    if (!(await form.trigger('email', { shouldFocus: true }))) return 'stopped';
    return order.completeOrder({ email: form.getValues('email'), method: 'stripe_express', payment });
  }

  const checkout = session.data;
  const canPay = Boolean(checkout) && paymentReady && !order.processing;

  return (
    <div className="space-y-6">
      {checkout?.duplicateWarning ? <DuplicateNotice warning={checkout.duplicateWarning} /> : null}
      {session.isError ? null : <AnswersReview groups={checkout?.review} />}
      <OrderSummary amountCents={checkout?.amountCents ?? priceCents} companyName={application.company?.companyName} />

      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} aria-labelledby="payment-heading">
          <fieldset disabled={order.processing} className="min-w-0 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <h2 id="payment-heading" className="text-lg font-semibold text-slate-900">
              {m.checkout_payment_details()}
            </h2>
            <TextField
              name="email"
              type="email"
              label={m.checkout_email_label()}
              required
              autoComplete="email"
              maxLength={254}
              hint={m.checkout_email_hint()}
            />

            {session.isPending ? (
              <LoadingPaymentForm />
            ) : session.isError ? (
              <SetupProblemNotice problem={describeSetupProblem(session.error)} onStartAgain={startAgain} />
            ) : payments.provider === 'stripe' ? (
              <Suspense fallback={<LoadingPaymentForm />}>
                <StripePaymentForm
                  publishableKey={payments.publishableKey}
                  clientSecret={session.data.clientSecret}
                  detailsRef={paymentDetails}
                  onReadyChange={onReadyChange}
                  onExpressConfirm={payWithWallet}
                  processing={order.processing}
                />
              </Suspense>
            ) : (
              <TestCardForm detailsRef={paymentDetails} onReadyChange={onReadyChange} />
            )}

            <Button ref={submitButton} type="submit" size="lg" className="w-full" disabled={!canPay}>
              <Lock className="size-4" aria-hidden="true" />
              {order.processing ? m.checkout_processing() : m.checkout_complete_order()}
            </Button>
            <p className="text-center text-xs text-slate-600">
              {m.checkout_card_note()}
            </p>
          </fieldset>
        </form>
      </FormProvider>

      <BackLink to={localized(paths.step5)} />

      {resultDialogNeeded ? (
        <Suspense fallback={null}>
          <ResultDialog
            result={order.result}
            onContinue={() => {
              if (order.result?.status === 'succeeded') {
                navigate(`${localized(paths.confirmation)}?payment_intent=${encodeURIComponent(order.result.paymentIntentId)}`);
              }
            }}
            onTryAgain={order.dismissResult}
            onClosed={() => submitButton.current?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
