import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { Button, ButtonLink } from '#client/components/ui/button.tsx';
import { ApiError, apiRequest, isFailedCall } from '#client/lib/api.ts';
import { paths } from '#client/paths.ts';
import { formatUsd } from '#shared/money.ts';
import { trackingPageHref } from '#shared/site/public-paths.ts';
import { cancellationMessages, type CancellationView } from '#shared/refunds/refunds.ts';
import { formatCustomerTime } from '#shared/customer-time.ts';

const cancellationPath = (token: string) => `/api/cancellations/${encodeURIComponent(token)}`;

/** The server's own words for a considered refusal; a retry hint when the call did not get through. */
function messageOf(error: unknown): string {
  if (isFailedCall(error) || !(error instanceof ApiError)) return 'We could not reach our server. Check your connection and try again.';
  return error.message;
}

/** `/cancel-order/:token`: the order named, and one button that cancels it with a full refund. */
export function CancellationPage() {
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const queryKey = ['cancellation', token];
  const view = useQuery({ queryKey, queryFn: () => apiRequest<CancellationView>('GET', cancellationPath(token)), retry: false });
  const cancel = useMutation({
    mutationFn: () => apiRequest<CancellationView>('POST', cancellationPath(token)),
    onSuccess: (answer) => queryClient.setQueryData(queryKey, answer),
    // A refusal (the hour passed meanwhile, the application was submitted) is best shown as the page now stands.
    onError: () => void view.refetch(),
  });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const state = view.data?.state;
  useEffect(() => {
    // Each change of state is announced by moving focus to its heading.
    if (state) headingRef.current?.focus();
  }, [state]);

  const title =
    view.isPending ? 'Cancel my order' : view.isError ? 'This cancellation link cannot be used' : state === 'cancelled' ? 'Your order has been cancelled' : state === 'closed' ? 'This order can no longer be cancelled online' : 'Cancel my order';

  return (
    <PublicLayout>
      <title>{`${title} | EIN Filing Service`}</title>
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
        <Card>
          <CardHeader>
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
              {title}
            </h1>
          </CardHeader>
          <CardContent className="space-y-4 text-slate-800">
            {view.isPending ? (
              <p role="status" className="flex items-center gap-2 text-slate-600">
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading your order...
              </p>
            ) : view.isError ? (
              <p className="flex gap-2" role="alert">
                <TriangleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
                {messageOf(view.error)}
              </p>
            ) : view.data.state === 'cancellable' ? (
              <>
                <OrderSummary view={view.data} />
                <p>
                  Cancelling stops your application before it is filed, and refunds your payment of{' '}
                  <strong className="tabular-nums">{formatUsd(view.data.amountCents)}</strong> in full to the card you paid with. You can cancel until{' '}
                  <time dateTime={view.data.deadline}>{formatCustomerTime(new Date(view.data.deadline))}</time>, {cancellationMessages.condition}.
                </p>
                {cancel.isError ? (
                  <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                    {messageOf(cancel.error)}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <Button onClick={() => cancel.mutate()} disabled={cancel.isPending} aria-busy={cancel.isPending} className="bg-red-600 hover:bg-red-700">
                    {cancel.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
                    {cancel.isPending ? 'Cancelling...' : `Cancel my order and refund ${formatUsd(view.data.amountCents)}`}
                  </Button>
                  <ButtonLink variant="secondary" to={trackingPageHref(view.data.trackingNumber)}>
                    Keep my order
                  </ButtonLink>
                </div>
              </>
            ) : view.data.state === 'cancelled' ? (
              <>
                <p className="flex gap-2">
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
                  {cancellationMessages.cancelled}
                </p>
                <OrderSummary view={view.data} />
                <p>
                  Refunded: <strong className="tabular-nums">{formatUsd(view.data.refundedCents)}</strong>. We have e-mailed you a confirmation. Depending on your bank, the refund appears on
                  your statement within 5 to 10 business days.
                </p>
                <ButtonLink variant="secondary" to={trackingPageHref(view.data.trackingNumber)}>
                  Track your application
                </ButtonLink>
              </>
            ) : (
              <>
                <p data-testid="cancellation-refusal">{cancellationMessages.refusals[view.data.why]}</p>
                <OrderSummary view={view.data} />
                <RefundPolicy supportEmail={view.data.supportEmail} />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}

function OrderSummary({ view }: { view: { trackingNumber: string; companyName: string | null } }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-slate-50 p-4 text-sm">
      <dt className="text-slate-600">Company</dt>
      <dd className="font-semibold break-words text-slate-900">{view.companyName ?? 'Not given'}</dd>
      <dt className="text-slate-600">Tracking number</dt>
      <dd className="font-mono font-semibold break-all text-slate-900">{view.trackingNumber}</dd>
    </dl>
  );
}

/** The Terms' refund policy (section 4) and where to write. */
function RefundPolicy({ supportEmail }: { supportEmail: string }) {
  return (
    <section aria-labelledby="refund-policy-heading" className="space-y-2">
      <h2 id="refund-policy-heading" className="text-lg font-semibold text-slate-900">
        Our refund policy
      </h2>
      <p>You are entitled to a refund if:</p>
      <ul className="list-disc space-y-1 pl-6">
        {cancellationMessages.policy.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        To ask for a refund, write to{' '}
        <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {supportEmail}
        </a>{' '}
        with your tracking number. The full terms are on our{' '}
        <a href={paths.terms} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Terms page
        </a>
        .
      </p>
    </section>
  );
}
