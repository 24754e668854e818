import { CalendarDays, Clock, Mail } from 'lucide-react';
import { formatUsd } from '#shared/money.ts';
import { customerStatusDetails } from '#shared/orders/customer-statuses.ts';
import { trackingNextSteps, trackingStageTextOf, type TrackingResult } from '#shared/tracking/tracking.ts';
import { usePublicConfig } from '#client/lib/public-config.ts';
import { formatLongDate } from '#shared/dates.ts';
import { m } from '#shared/i18n/messages.ts';
import { StatusBadge } from './status-badge';
import { TrackingProgress } from './tracking-progress';
import { SigningLinkRequest } from './signing-link-request';

/** The day an order was placed, as a long date in the page's language ("March 5, 2025", "5 de marzo de 2025"). */
export function formatSubmittedDate(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : formatLongDate(date);
}

type TrackingResultCardProps = { trackingNumber: string; result: TrackingResult };

/** The lookup's answer: badge, number, progress line, status text, estimate, date, next steps and support. */
export function TrackingResultCard({ trackingNumber, result }: TrackingResultCardProps) {
  const details = customerStatusDetails[result.status];
  const stage = trackingStageTextOf(result);
  const { supportEmail } = usePublicConfig();
  return (
    <section aria-labelledby="tracking-result-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:p-6">
        <div className="min-w-0">
          <h2 id="tracking-result-heading" className="text-lg font-semibold text-slate-900">
            {m.tracking_result_heading()}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {m.tracking_result_number()} <span className="font-mono font-semibold tracking-wider break-all text-slate-900">{trackingNumber}</span>
          </p>
        </div>
        <StatusBadge status={result.status} details={details} />
      </div>

      <div className="space-y-6 p-4 sm:p-6">
        <TrackingProgress status={result.status} />

        {result.actionNeeded ? (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
            <p className="font-semibold text-amber-900" data-testid="tracking-action-needed">
              {result.actionNeeded}
            </p>
            {result.stage === 'awaiting_signature' ? <SigningLinkRequest trackingNumber={trackingNumber} /> : null}
          </div>
        ) : null}

        {result.refund ? <RefundLine refund={result.refund} /> : null}

        <div>
          <h3 className="text-sm font-semibold text-slate-900">{m.tracking_result_current_status()}</h3>
          <p className="mt-1 text-slate-700" data-testid="tracking-description">{stage.description}</p>
        </div>

        <dl className="grid gap-4 sm:grid-cols-2">
          {stage.estimate !== null ? (
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="flex items-center gap-2 text-sm text-slate-600">
                <Clock className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                {m.tracking_result_estimate()}
              </dt>
              <dd className="mt-1 font-semibold text-slate-900">{stage.estimate}</dd>
            </div>
          ) : null}
          <div className="rounded-lg bg-slate-50 p-3">
            <dt className="flex items-center gap-2 text-sm text-slate-600">
              <CalendarDays className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
              {m.tracking_result_submitted()}
            </dt>
            <dd className="mt-1 font-semibold text-slate-900">{formatSubmittedDate(result.createDate)}</dd>
          </div>
        </dl>

        <div>
          <h3 className="text-sm font-semibold text-slate-900">{m.tracking_result_next_steps()}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {trackingNextSteps(result).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>

        <div className="rounded-lg border border-brand-100 bg-brand-50 p-4">
          <h3 className="text-sm font-semibold text-slate-900">{m.tracking_result_help_heading()}</h3>
          <p className="mt-1 text-sm text-slate-700">{m.tracking_result_help_text()}</p>
          <a
            href={`mailto:${supportEmail}?subject=${encodeURIComponent(m.tracking_result_help_subject({ number: trackingNumber }))}`}
            className="mt-2 inline-flex items-center gap-2 rounded-sm text-sm font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {supportEmail}
          </a>
        </div>
      </div>
    </section>
  );
}

/** Money given back on the order: its own line, apart from the status texts. */
function RefundLine({ refund }: { refund: NonNullable<TrackingResult['refund']> }) {
  return (
    <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 font-semibold text-slate-900" data-testid="tracking-refund">
      {m.tracking_result_refunded({ amount: formatUsd(refund.amountCents) })}{' '}
      <time dateTime={refund.refundedAt}>{formatLongDate(new Date(refund.refundedAt))}</time>
    </p>
  );
}
