import { OrderSsn } from './order-ssn';
import { submissionGroups } from '#shared/application/answer-review.ts';
import { rpTaxIdTypeOf } from '#shared/application/contact.ts';
import { revealedNumberKinds } from '#shared/fulfilment/orders.ts';

/** Beside a stored answer that the wizard's show/hide rules would not ask of this application. */
export const notAskedNote = '(not asked for this application)';

/**
 * Every answer of the application, under the wizard page that asked it; each taxpayer number masked,
 * with its Reveal for a member who may reveal it.
 */
export function OrderSubmissionData({ orderId, formData, mayReveal }: { orderId: number; formData: Record<string, unknown>; mayReveal: boolean }) {
  const groups = submissionGroups(formData);
  // Staff read the responsible party's kind of number in their own short words: SSN, ITIN, None (foreign).
  const contact = formData.contact as { rpTaxIdType?: unknown } | undefined;
  const taxIdKind = revealedNumberKinds[rpTaxIdTypeOf({ rpTaxIdType: typeof contact?.rpTaxIdType === 'string' ? contact.rpTaxIdType : undefined })];
  if (groups.length === 0) return <p className="text-sm text-slate-600">No answers were saved with this order.</p>;
  return (
    <div className="space-y-5">
      {groups.map((group) => (
        <div key={group.section}>
          <h4 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
            {group.heading}
          </h4>
          <dl className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {group.answers.map((answer) => (
              <div key={answer.path} className="grid gap-1 px-3 py-2 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
                <dt className="text-slate-600">{answer.label}</dt>
                <dd className="min-w-0 font-medium break-words text-slate-900">
                  {answer.ssnField && mayReveal ? (
                    <OrderSsn orderId={orderId} field={answer.ssnField} masked={answer.value} label={answer.label} />
                  ) : answer.ssnField ? (
                    <span className="font-mono tabular-nums">{answer.value}</span>
                  ) : answer.path === 'contact.rpTaxIdType' ? (
                    taxIdKind
                  ) : (
                    answer.value
                  )}
                  {answer.notAsked ? <span className="ml-2 text-xs font-normal text-orange-700">{notAskedNote}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
