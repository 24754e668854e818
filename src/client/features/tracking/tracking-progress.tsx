import { Check, X } from 'lucide-react';
import type { CustomerStatus } from '#shared/orders/customer-statuses.ts';
import { m } from '#shared/i18n/messages.ts';

type PointState = 'done' | 'current' | 'upcoming' | 'cancelled';

type Point = { label: string; state: PointState };

/**
 * The points of the progress line: Submitted, In Process and Completed, the first always lit, the
 * second for in process and completed, the third green when completed. A cancelled order's line is
 * Submitted, then a red Cancelled, with nothing between them marked done: the processing the middle
 * point stands for did not happen, or did not finish.
 */
export function progressPoints(status: CustomerStatus): Point[] {
  switch (status) {
    case 'submitted':
      return [
        { label: m.tracking_status_submitted(), state: 'current' },
        { label: m.tracking_status_in_process(), state: 'upcoming' },
        { label: m.tracking_status_completed(), state: 'upcoming' },
      ];
    case 'in_process':
      return [
        { label: m.tracking_status_submitted(), state: 'done' },
        { label: m.tracking_status_in_process(), state: 'current' },
        { label: m.tracking_status_completed(), state: 'upcoming' },
      ];
    case 'completed':
      return [
        { label: m.tracking_status_submitted(), state: 'done' },
        { label: m.tracking_status_in_process(), state: 'done' },
        { label: m.tracking_status_completed(), state: 'done' },
      ];
    case 'cancelled':
      return [
        { label: m.tracking_status_submitted(), state: 'done' },
        { label: m.tracking_status_cancelled(), state: 'cancelled' },
      ];
  }
}

// Said to screen readers beside each point, so the state is not told by colour alone.
const stateText: Record<PointState, () => string> = {
  done: m.tracking_progress_done,
  current: m.tracking_progress_current,
  upcoming: m.tracking_progress_upcoming,
  cancelled: m.tracking_progress_cancelled,
};

function dotClass(point: Point, last: boolean): string {
  if (point.state === 'cancelled') return 'border-red-700 bg-red-700 text-white';
  if (point.state === 'upcoming') return 'border-slate-300 bg-white text-slate-400';
  if (last) return 'border-green-700 bg-green-700 text-white';
  return 'border-brand-600 bg-brand-600 text-white';
}

/** The progress line as an ordered list: a dot, a connector and a label per point, with its state in text. */
export function TrackingProgress({ status }: { status: CustomerStatus }) {
  const points = progressPoints(status);
  return (
    <ol className={`grid ${points.length === 2 ? 'grid-cols-2' : 'grid-cols-3'}`} aria-label={m.tracking_progress_label()}>
      {points.map((point, index) => {
        const last = index === points.length - 1;
        const lit = point.state !== 'upcoming';
        // The line leads on to a point reached in the work, not to the red Cancelled.
        const nextState = last ? undefined : points[index + 1]?.state;
        const nextLit = nextState === 'done' || nextState === 'current';
        return (
          <li key={point.label} className="relative flex flex-col items-center text-center" aria-current={point.state === 'current' ? 'step' : undefined}>
            {last ? null : (
              <span
                aria-hidden="true"
                className={`absolute top-4 left-1/2 h-1 w-full -translate-y-1/2 ${nextLit ? 'bg-brand-600' : 'bg-slate-200'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative flex size-8 items-center justify-center rounded-full border-2 ${dotClass(point, last)} ${
                point.state === 'current' ? 'ring-4 ring-brand-100' : ''
              }`}
            >
              {point.state === 'cancelled' ? (
                <X className="size-4" />
              ) : point.state === 'done' ? (
                <Check className="size-4" />
              ) : (
                <span className={`size-2.5 rounded-full ${lit ? 'bg-white' : 'bg-slate-300'}`} />
              )}
            </span>
            <span className={`mt-2 text-xs font-medium sm:text-sm ${lit ? 'text-slate-900' : 'text-slate-600'}`}>{point.label}</span>
            <span className="sr-only">{`(${stateText[point.state]()})`}</span>
          </li>
        );
      })}
    </ol>
  );
}
