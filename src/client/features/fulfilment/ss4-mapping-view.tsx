import { useEffect, useState } from 'react';
import { CircleCheck, CircleMinus, Download, TriangleAlert } from 'lucide-react';
import { Badge, type BadgeVariant } from '#client/components/ui/badge.tsx';
import { ss4Completeness, ss4Lines, type Ss4Designee, type Ss4LineState } from '#shared/ss4/ss4-mapping.ts';
import { applicationOf } from '#shared/application/answer-review.ts';
import { isInternationalPhone, loadPhoneRules, phoneRulesLoaded } from '#shared/application/phones.ts';
import { StepUpDownloadLink } from '#client/lib/staff/step-up.tsx';

/** The completeness badge turns to the default style only when every line that applies is filled. */
export function completenessBadgeVariant(percent: number): BadgeVariant {
  return percent === 100 ? 'default' : 'outline';
}

export const ss4StateWords: Readonly<Record<Ss4LineState, string>> = { filled: 'Filled', not_applicable: 'Not applicable', missing: 'Missing' };

/** The route that returns the filled form; the session cookie goes with a plain link. */
export function ss4DownloadPath(orderId: number): string {
  return `/api/manage/orders/${orderId}/ss4.pdf`;
}

/** A link that downloads the filled, still fillable Form SS-4 of the order (after a step-up if one is due). */
export function DownloadSs4Link({ orderId }: { orderId: number }) {
  return (
    <StepUpDownloadLink
      href={ss4DownloadPath(orderId)}
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Download className="size-4" aria-hidden="true" />
      Download SS-4
    </StepUpDownloadLink>
  );
}

/**
 * The application laid onto the lines of Form SS-4 (Rev. December 2023), in the form's order, from
 * the same function that fills the PDF: how complete the lines that apply are, then each line with
 * its value (the SSN as the order holds it: masked).
 */
export function Ss4MappingView({ formData, designee = null }: { formData: Record<string, unknown>; designee?: Ss4Designee | null }) {
  const application = applicationOf(formData);
  usePhoneRulesFor(application.contact.phoneNumber);
  const lines = ss4Lines(application, designee);
  const completeness = ss4Completeness(lines);

  return (
    <div className="space-y-5">
      <div className="space-y-3">
        <Badge variant={completenessBadgeVariant(completeness.percent)}>{completeness.percent}% Complete</Badge>
        <dl className="grid grid-cols-3 gap-2 text-center">
          <Counter label="Lines That Apply" value={completeness.applicable} />
          <Counter label="Filled" value={completeness.filled} tone="text-green-700" />
          <Counter label="Missing" value={completeness.missing} tone="text-orange-700" />
        </dl>
      </div>

      <ul className="space-y-2">
        {lines.map((line, index) => (
          <li key={`${line.line}-${index}`} className="flex gap-3 rounded-lg border border-slate-200 p-3">
            <StateIcon state={line.state} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="sr-only">{ss4StateWords[line.state]}: </span>
                <span className="font-mono text-xs font-semibold text-slate-600">{/^\d/.test(line.line) ? `Line ${line.line}` : line.line}</span>
                <span className="font-semibold text-slate-900">{line.label}</span>
              </p>
              <p className={`mt-1 text-sm break-words ${line.state === 'filled' ? 'font-medium text-slate-900' : 'text-slate-500 italic'}`}>
                {line.state === 'missing' ? 'Not provided' : line.value}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The rules for numbers abroad, loaded when the form's phone is one, so it reads in the international
 * format as on the filled form ("+49 30 12345678"); until they arrive it reads as stored.
 */
function usePhoneRulesFor(phone: string | undefined): void {
  const [, setLoaded] = useState(phoneRulesLoaded);
  const needed = isInternationalPhone(phone) && !phoneRulesLoaded();
  useEffect(() => {
    if (!needed) return;
    loadPhoneRules().then(
      () => setLoaded(true),
      () => undefined,
    );
  }, [needed]);
}

function StateIcon({ state }: { state: Ss4LineState }) {
  if (state === 'filled') return <CircleCheck className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />;
  if (state === 'missing') return <TriangleAlert className="mt-0.5 size-5 shrink-0 text-orange-600" aria-hidden="true" />;
  return <CircleMinus className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />;
}

function Counter({ label, value, tone = 'text-slate-900' }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 px-2 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}
