import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { formatSs4Value, isFilled, ss4Categories, ss4Completeness, ss4Fields } from '../../../shared/ss4/ss4-mapping';
import { applicationOf } from './order-submission-fields';

/** The completeness badge turns to the default style only when every field is filled. */
export function completenessBadgeVariant(percent: number): BadgeVariant {
  return percent === 100 ? 'default' : 'outline';
}

/**
 * The application laid onto the lines of Form SS-4: how complete it is, then every mapped field with
 * its line, meaning, where its value comes from, and the value (the SSN as the order holds it: masked).
 */
export function Ss4MappingView({ formData }: { formData: Record<string, unknown> }) {
  const application = applicationOf(formData);
  const completeness = ss4Completeness(application);
  const groups = ss4Categories
    .map((category) => ({ ...category, fields: ss4Fields.filter((field) => field.category === category.key) }))
    .filter((group) => group.fields.length > 0);

  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <Badge variant={completenessBadgeVariant(completeness.percent)}>{completeness.percent}% Complete</Badge>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Counter label="Total Fields" value={completeness.total} />
          <Counter label="Filled" value={completeness.filled} tone="text-green-700" />
          <Counter label="Missing" value={completeness.missing} tone="text-orange-700" />
        </dl>
      </div>

      {groups.map((group) => (
        <div key={group.key}>
          <h4 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {group.heading}
          </h4>
          <ul className="mt-2 space-y-2">
            {group.fields.map((field) => {
              const value = field.value(application);
              const filled = isFilled(value);
              return (
                <li key={field.key} className="flex gap-3 rounded-lg border border-slate-200 p-3">
                  {filled ? (
                    <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />
                  ) : (
                    <TriangleAlert className="mt-0.5 size-5 shrink-0 text-orange-600" aria-hidden="true" />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="sr-only">{filled ? 'Filled' : 'Missing'}: </span>
                      <span className="font-mono text-xs font-semibold text-slate-600">Line {field.line || '—'}</span>
                      <span className="font-semibold text-slate-900">{field.label}</span>
                    </p>
                    <p className="mt-1 text-xs text-slate-600">{field.description}</p>
                    <p className="mt-1 font-mono text-xs break-all text-slate-500">
                      <span className="sr-only">Data path: </span>
                      {field.path || '—'}
                    </p>
                    <p className={`mt-1 text-sm break-words ${filled ? 'font-medium text-slate-900' : 'text-slate-500 italic'}`}>
                      {formatSs4Value(value)}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Counter({ label, value, tone = 'text-slate-900' }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-2 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}
