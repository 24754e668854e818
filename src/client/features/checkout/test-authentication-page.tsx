import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CircleAlert, FlaskConical, ShieldQuestion } from 'lucide-react';
import { BrandLogo } from '#client/components/layout/site-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { apiRequest, ApiError } from '#client/lib/api.ts';
import { customerErrorMessage } from '#client/lib/error-messages.ts';
import { useLocale, useLocalizedPath } from '#client/lib/locale.ts';
import { pathInLocale } from '#shared/i18n/locales.ts';
import { m } from '#shared/i18n/messages.ts';
import { paths } from '#client/paths.ts';

type Outcome = 'complete' | 'fail';

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/**
 * The built-in test processor's stand-in for a bank's 3D Secure check (card 4000 0025 0000 3155):
 * the customer completes or fails it, and the processor sends them on to the confirmation page as
 * Stripe would.
 */
export function TestAuthenticationPage() {
  const [searchParams] = useSearchParams();
  const paymentIntentId = searchParams.get('payment_intent');
  const clientSecret = searchParams.get('payment_intent_client_secret');
  const localized = useLocalizedPath();

  return (
    <div className="min-h-screen bg-slate-50">
      <title>{m.checkout_auth_page_title()}</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-4">
          <BrandLogo />
        </div>
      </header>
      <main className="mx-auto max-w-lg px-4 py-10">
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <ShieldQuestion className="size-10 text-brand-600" aria-hidden="true" />
          <h1 className="mt-3 text-2xl font-bold text-slate-900">{m.checkout_auth_heading()}</h1>
          {paymentIntentId && clientSecret ? (
            <AuthenticationChoice paymentIntentId={paymentIntentId} clientSecret={clientSecret} />
          ) : (
            <div role="alert" className="mt-4 text-slate-700">
              <p>{m.checkout_auth_incomplete_link()}</p>
              <p className="mt-3">
                <Link to={localized(paths.step6)} className={linkClass}>
                  {m.checkout_auth_return()}
                </Link>{' '}
                {m.checkout_auth_return_after()}
              </p>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

function AuthenticationChoice({ paymentIntentId, clientSecret }: { paymentIntentId: string; clientSecret: string }) {
  const locale = useLocale();
  const localized = useLocalizedPath();
  const authenticate = useMutation({
    mutationFn: (outcome: Outcome) =>
      apiRequest<{ redirectUrl: string }>('POST', '/api/test-payments/authenticate', { clientSecret, outcome }),
    // Back to the confirmation page in the language of this page.
    onSuccess: ({ redirectUrl }) => window.location.assign(pathInLocale(redirectUrl, locale)),
  });
  // After an answer the browser is on its way to the confirmation page: no second answer.
  const busy = authenticate.isPending || authenticate.isSuccess;

  return (
    <>
      <p className="mt-2 text-slate-700">
        {m.checkout_auth_explanation()}
      </p>
      <p className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {m.checkout_auth_test_mode()}
      </p>
      <p className="mt-3 text-sm break-all text-slate-600">
        {m.checkout_auth_reference()} <span className="font-mono">{paymentIntentId}</span>
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="flex-1" disabled={busy} onClick={() => authenticate.mutate('complete')}>
          {m.checkout_auth_complete()}
        </Button>
        <Button size="lg" variant="secondary" className="flex-1" disabled={busy} onClick={() => authenticate.mutate('fail')}>
          {m.checkout_auth_fail()}
        </Button>
      </div>
      {busy ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {authenticate.isPending ? m.checkout_auth_sending() : m.checkout_auth_returning()}
        </p>
      ) : null}
      {authenticate.isError ? (
        <div role="alert" className="mt-4 flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-700" aria-hidden="true" />
          <p>
            {authenticate.error instanceof ApiError && authenticate.error.status >= 400 && authenticate.error.status < 500
              ? customerErrorMessage(authenticate.error)
              : m.checkout_auth_send_failed()}{' '}
            <Link to={localized(paths.step6)} className={linkClass}>
              {m.checkout_auth_return()}
            </Link>
          </p>
        </div>
      ) : null}
    </>
  );
}
