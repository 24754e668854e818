import { trackingPageHref } from '#shared/site/public-paths.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Check, CircleCheck, CircleX, Copy, House, LoaderCircle, RotateCcw, Search, type LucideIcon } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { ButtonLink } from '#client/components/ui/button.tsx';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { getPublicConfig } from '#client/lib/public-config.ts';
import { paths } from '#client/paths.ts';
import { clearSavedApplication } from '#client/lib/application-storage.ts';
import { privateServiceNote } from '#client/components/wizard-shell/wizard-copy.ts';
import type { ConfirmPaymentResponse } from '#shared/checkout/checkout.ts';
import { confirmationMessages } from '#shared/checkout/checkout-messages.ts';
import { formatUsd } from '#shared/money.ts';
import { paymentMethodName } from '#shared/orders/payment-methods.ts';
import { clearCheckoutDraft, readPaymentReference, savePaymentResult } from './checkout-storage';
import { deliveryPromiseInFullFor } from '#shared/delivery-promise.ts';
import { m } from '#shared/i18n/messages.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';

/** A verified payment: what the success view shows. */
type ConfirmedPayment = ConfirmPaymentResponse & { trackingNumber: string };

type Verification =
  | { state: 'verifying' }
  | { state: 'confirmed'; payment: ConfirmedPayment }
  | { state: 'failed'; message: string };

/** Why a payment could not be shown as confirmed, in the spec's words (02, section 8). */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return confirmationMessages.verificationFailed;
  return confirmationMessages.fallback;
}

class PaymentNotSuccessful extends Error {}

/** Asks the server whether the payment went through; the server also makes sure the order exists. */
async function verifyPayment(paymentIntentId: string): Promise<ConfirmedPayment> {
  const answer = await apiRequest<ConfirmPaymentResponse>('POST', '/api/payments/confirm', { paymentIntentId });
  if (!answer.success) throw new PaymentNotSuccessful(answer.error || confirmationMessages.notSuccessful);
  if (!answer.trackingNumber) throw new Error('The confirmation carries no tracking number');
  return { ...answer, trackingNumber: answer.trackingNumber };
}

function useVerification(paymentIntentId: string | null): Verification {
  const query = useQuery({
    queryKey: ['payment-confirmation', paymentIntentId],
    queryFn: () => verifyPayment(paymentIntentId ?? ''),
    enabled: paymentIntentId !== null,
    // Verified once per visit; a reload asks again (the server answers the same for the same payment).
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (paymentIntentId === null) return { state: 'failed', message: confirmationMessages.missingReference };
  if (query.isPending) return { state: 'verifying' };
  if (query.isError) {
    const error = query.error;
    return { state: 'failed', message: error instanceof PaymentNotSuccessful ? error.message : failureMessage(error) };
  }
  return { state: 'confirmed', payment: query.data };
}

/** The payment intent's statuses a customer can be shown, in the page's language. */
const paymentStatusLabels: Record<string, () => string> = {
  succeeded: m.checkout_payment_status_succeeded,
  processing: m.checkout_payment_status_processing,
  requires_payment_method: m.checkout_payment_status_requires_payment_method,
  requires_confirmation: m.checkout_payment_status_requires_confirmation,
  requires_action: m.checkout_payment_status_requires_action,
  requires_capture: m.checkout_payment_status_requires_capture,
  canceled: m.checkout_payment_status_canceled,
};

// The methods with a name in words, in the page's language; brands (Cash App, Klarna, ...) keep theirs.
const paymentMethodLabels: Record<string, () => string> = {
  card: m.checkout_payment_method_card,
  us_bank_account: m.checkout_payment_method_bank_account,
};

function paymentMethodLabel(method: string | null): string {
  if (!method) return m.checkout_payment_method_none();
  return paymentMethodLabels[method]?.() ?? paymentMethodName(method);
}

/** The payment intent's status as a customer reads it; a status the provider adds later, in its own words. */
function paymentStatusLabel(status: string): string {
  const label = paymentStatusLabels[status];
  if (label) return label();
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * `/ein/confirmation`: verifies the payment named in the address (`payment_intent`, where the
 * provider sends the customer back) or the one saved by step 6, then shows the tracking number, or
 * why the payment is not complete.
 */
export function ConfirmationPage() {
  const [searchParams] = useSearchParams();
  // Read once: after success the saved reference is this same payment.
  const [paymentIntentId] = useState(() => searchParams.get('payment_intent')?.trim() || readPaymentReference());
  const verification = useVerification(paymentIntentId);
  const { priceCents } = getPublicConfig();
  const localized = useLocalizedPath();

  useEffect(() => {
    // The customer arrives from the bottom of step 6: start at the result.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);

  const confirmed = verification.state === 'confirmed' ? verification.payment : null;
  useEffect(() => {
    if (!confirmed) return;
    // Paid: this application is done. Keep the result, so a reload without the address's reference still works.
    clearSavedApplication();
    clearCheckoutDraft();
    savePaymentResult({ trackingNumber: confirmed.trackingNumber, paymentIntentId: confirmed.paymentIntentId });
  }, [confirmed]);

  return (
    <PublicLayout>
      <title>{m.checkout_confirmation_page_title()}</title>
      <meta name="description" content={m.checkout_confirmation_description({ price: formatUsd(priceCents) })} />
      <link rel="canonical" href={`${window.location.origin}${localized(paths.confirmation)}`} />
      <div className="bg-slate-50 px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
        <div className="mx-auto max-w-2xl">
          {verification.state === 'verifying' ? <Verifying /> : null}
          {verification.state === 'confirmed' ? <PaymentConfirmed payment={verification.payment} /> : null}
          {verification.state === 'failed' ? <PaymentNotCompleted message={verification.message} /> : null}
          <p className="mt-6 text-center text-xs text-slate-600">{privateServiceNote()}</p>
        </div>
      </div>
    </PublicLayout>
  );
}

function Verifying() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
      <LoaderCircle className="mx-auto size-10 animate-spin text-brand-600" aria-hidden="true" />
      <h1 className="sr-only">{m.checkout_confirmation_heading()}</h1>
      <p role="status" className="mt-4 text-lg text-slate-700">
        {m.checkout_confirmation_verifying()}
      </p>
    </div>
  );
}

/** The icon and heading that open the page, whichever way the payment went. */
function ResultTitle({ icon: Icon, iconClassName, children }: { icon: LucideIcon; iconClassName: string; children: ReactNode }) {
  return (
    <>
      <Icon className={`mx-auto size-12 ${iconClassName}`} aria-hidden="true" />
      <h1 id="confirmation-heading" className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
        {children}
      </h1>
    </>
  );
}

function HomeButton() {
  const localized = useLocalizedPath();
  return (
    <ButtonLink to={localized(paths.home)} variant="secondary" size="lg">
      <House className="size-5" aria-hidden="true" />
      {m.checkout_confirmation_home()}
    </ButtonLink>
  );
}

function PaymentConfirmed({ payment }: { payment: ConfirmedPayment }) {
  const localized = useLocalizedPath();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="confirmation-heading">
      <div className="border-b border-slate-200 p-6 text-center sm:p-8">
        <ResultTitle icon={CircleCheck} iconClassName="text-green-700">
          {m.checkout_confirmation_confirmed()}
        </ResultTitle>
        <p className="mt-2 text-slate-700">{m.checkout_confirmation_thanks()}</p>
      </div>

      <div className="space-y-6 p-6 sm:p-8">
        <TrackingNumber trackingNumber={payment.trackingNumber} />

        <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 text-sm">
          <DetailRow label={m.checkout_confirmation_order_total()} value={formatUsd(payment.amount)} />
          <DetailRow label={m.checkout_confirmation_payment_status()} value={paymentStatusLabel(payment.status)} />
          <DetailRow label={m.checkout_confirmation_payment_method()} value={paymentMethodLabel(payment.paymentMethod)} />
          <DetailRow label={m.checkout_confirmation_payment_reference()} value={payment.paymentIntentId} mono />
        </dl>

        <p className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          {m.checkout_confirmation_next({ promise: deliveryPromiseInFullFor(payment.filingRoute ?? 'online_or_fax') })}
        </p>

        <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to={localized(trackingPageHref(payment.trackingNumber))} size="lg">
            <Search className="size-5" aria-hidden="true" />
            {m.checkout_confirmation_track()}
          </ButtonLink>
          <HomeButton />
        </div>

        {payment.cancelPath ? <CancelOrderNote cancelPath={payment.cancelPath} /> : null}
      </div>
    </section>
  );
}

/** The one-hour cancellation: its own section, so the rest of the page can change around it. */
function CancelOrderNote({ cancelPath }: { cancelPath: string }) {
  const localized = useLocalizedPath();
  return (
    <p className="border-t border-slate-200 pt-4 text-center text-sm text-slate-700">
      {m.checkout_confirmation_cancel_note()}{' '}
      <Link to={localized(cancelPath)} className="font-medium text-red-700 underline underline-offset-2 hover:text-red-900">
        {m.checkout_confirmation_cancel_link()}
      </Link>
    </p>
  );
}

function DetailRow({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-slate-600">{label}</dt>
      <dd className={`font-semibold break-all text-slate-900 sm:text-right ${mono ? 'font-mono text-xs sm:text-sm' : ''}`}>{value}</dd>
    </div>
  );
}

/** How long the copy button says "Copied!". */
const copiedResetMs = 2000;

function TrackingNumber({ trackingNumber }: { trackingNumber: string }) {
  const [copied, setCopied] = useState(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(trackingNumber);
    } catch (error) {
      console.error('Could not copy the tracking number', error);
      toast.error(m.checkout_confirmation_copy_failed());
      return;
    }
    setCopied(true);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setCopied(false), copiedResetMs);
  }

  return (
    <div className="rounded-lg border-2 border-dashed border-brand-600/40 bg-brand-50 p-4 text-center">
      <h2 className="text-sm font-medium text-slate-700">
        {m.checkout_confirmation_tracking_number()}
      </h2>
      <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
        <p className="font-mono text-2xl font-bold tracking-widest break-all text-slate-900 sm:text-3xl">
          {trackingNumber}
        </p>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? m.checkout_confirmation_copied_label() : m.checkout_confirmation_copy_label()}
          className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {copied ? <Check className="size-4 text-green-700" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
          {copied ? m.checkout_confirmation_copied() : m.checkout_confirmation_copy()}
        </button>
      </div>
      <p className="mt-2 text-sm text-slate-600">{m.checkout_confirmation_keep_number()}</p>
      <p className="sr-only" aria-live="polite">
        {copied ? m.checkout_confirmation_copied() : ''}
      </p>
    </div>
  );
}

function PaymentNotCompleted({ message }: { message: string }) {
  const localized = useLocalizedPath();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm" aria-labelledby="confirmation-heading">
      <div className="p-6 text-center sm:p-8">
        <ResultTitle icon={CircleX} iconClassName="text-red-700">
          {m.checkout_confirmation_not_completed()}
        </ResultTitle>
        <p role="alert" className="mt-3 font-medium text-red-800">
          {message}
        </p>
        <p className="mt-3 text-slate-700">{confirmationMessages.failureText}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <ButtonLink to={localized(paths.step6)} size="lg">
            <RotateCcw className="size-5" aria-hidden="true" />
            {m.checkout_confirmation_retry()}
          </ButtonLink>
          <HomeButton />
        </div>
      </div>
    </section>
  );
}
