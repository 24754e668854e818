import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { dueDateIndicator, type DueDateTone } from '#shared/orders/due-date.ts';
import { formatBusinessDate } from '#shared/dates.ts';

const tones: Record<DueDateTone, BadgeTone> = { red: 'danger', orange: 'caution', yellow: 'warning', green: 'success' };

/**
 * The due date and how close it is (spec 02 section 4), both as the business's days (Eastern time),
 * so they agree; a completed or cancelled order is past caring.
 */
export function OrderDueDate({ dueDate, settled }: { dueDate: string; settled: boolean }) {
  const indicator = dueDateIndicator(new Date(dueDate));
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">Due Date</p>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-900">
        <time dateTime={dueDate}>
          {formatBusinessDate(new Date(dueDate))}{' '}
          <abbr title="Eastern time" className="text-slate-600 no-underline">
            ET
          </abbr>
        </time>
        {settled ? null : <Badge tone={tones[indicator.tone]}>{indicator.label}</Badge>}
      </p>
    </div>
  );
}
