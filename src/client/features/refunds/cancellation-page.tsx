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
import { formatLinkPageTime } from '#client/components/link-page/link-page-time.ts';
import { useLocalizedPath } from '#client/lib/locale.ts';
import { getLocale, m } from '#shared/i18n/messages.ts';

const cancellationPath = (token: string) => `/api/cancellations/${encodeURIComponent(token)}`;

/** The server's own words for a considered refusal; a retry hint when the call did not get through. */
function messageOf(error: unknown): string {
  if (isFailedCall(error) || !(error instanceof ApiError)) return m.links_failure();
  return error.message;
}

/** `/cancel-order/:token`: the order named, and one button that cancels it with a full refund. */
export function CancellationPage() {
  const { token = '' } = useParams();
  const localizedPath = useLocalizedPath();
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

  const title = view.isPending
    ? m.refunds_title_cancel()
    : view.isError
      ? m.refunds_title_unavailable()
      : state === 'cancelled'
        ? m.refunds_title_cancelled()
        : state === 'closed'
          ? m.refunds_title_closed()
          : m.refunds_title_cancel();

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
                <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> {m.refunds_loading()}
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
                  {m.refunds_cancellable_before_amount()} <strong className="tabular-nums">{formatUsd(view.data.amountCents)}</strong>{' '}
                  {m.refunds_cancellable_before_deadline()} <time dateTime={view.data.deadline}>{formatLinkPageTime(new Date(view.data.deadline), getLocale())}</time>,{' '}
                  {cancellationMessages.condition}.
                </p>
                {cancel.isError ? (
                  <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                    {messageOf(cancel.error)}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-3">
                  <Button onClick={() => cancel.mutate()} disabled={cancel.isPending} aria-busy={cancel.isPending} className="bg-red-600 hover:bg-red-700">
                    {cancel.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
                    {cancel.isPending ? m.refunds_cancelling() : m.refunds_cancel_button({ amount: formatUsd(view.data.amountCents) })}
                  </Button>
                  <ButtonLink variant="secondary" to={localizedPath(trackingPageHref(view.data.trackingNumber))}>
                    {m.refunds_keep()}
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
                  {m.refunds_refunded_label()} <strong className="tabular-nums">{formatUsd(view.data.refundedCents)}</strong>
                  {m.refunds_refunded_text()}
                </p>
                <ButtonLink variant="secondary" to={localizedPath(trackingPageHref(view.data.trackingNumber))}>
                  {m.refunds_track()}
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
      <dt className="text-slate-600">{m.refunds_company()}</dt>
      <dd className="font-semibold break-words text-slate-900">{view.companyName ?? m.refunds_not_given()}</dd>
      <dt className="text-slate-600">{m.refunds_tracking_number()}</dt>
      <dd className="font-mono font-semibold break-all text-slate-900">{view.trackingNumber}</dd>
    </dl>
  );
}

/** The Terms' refund policy (section 4) and where to write. */
function RefundPolicy({ supportEmail }: { supportEmail: string }) {
  const localizedPath = useLocalizedPath();
  return (
    <section aria-labelledby="refund-policy-heading" className="space-y-2">
      <h2 id="refund-policy-heading" className="text-lg font-semibold text-slate-900">
        {m.refunds_policy_heading()}
      </h2>
      <p>{m.refunds_policy_lead()}</p>
      <ul className="list-disc space-y-1 pl-6">
        {cancellationMessages.policy.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        {m.refunds_policy_ask_before()}{' '}
        <a href={`mailto:${supportEmail}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {supportEmail}
        </a>{' '}
        {m.refunds_policy_ask_after()}{' '}
        <a href={localizedPath(paths.terms)} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          {m.refunds_policy_terms_link()}
        </a>
        .
      </p>
    </section>
  );
}
