import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Field } from '#client/components/form/field.tsx';
import { Select, TextInput } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ApiError } from '#client/lib/api.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { matchFaxSchema, type InboxFax, type MatchFax } from '#shared/filing/filing.ts';
import { useMatchFax } from './fax-inbox-api';
import { FaxEinBox } from '#client/lib/staff/fax-ein-box.tsx';
import { formatEasternDateTime } from '#client/lib/business-time.ts';

/** The form's fields as the controls hold them: the select's value is the order's id as text, '' for none. */
type MatchForm = { orderId: string; ein: string };

const schemaResolver = zodResolver(matchFaxSchema);

/** The shared match schema, fed the select's text as the order id it names. */
const matchResolver: Resolver<MatchForm, unknown, MatchFax> = (values, context, options) =>
  schemaResolver(
    { ...values, orderId: values.orderId === '' ? Number.NaN : Number(values.orderId) },
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  ) as unknown as ReturnType<Resolver<MatchForm, unknown, MatchFax>>;

type OrderChoice = { id: number; text: string };

/** The orders the fax may answer: the one it was matched to, then the suggested ones (faxed to the IRS lately). */
function orderChoicesOf(fax: InboxFax): OrderChoice[] {
  const choices: OrderChoice[] = [];
  if (fax.order) choices.push({ id: fax.order.id, text: [fax.order.applicationId, fax.order.companyName].filter(Boolean).join(', ') });
  for (const suggestion of fax.suggestions) {
    if (choices.some((choice) => choice.id === suggestion.orderId)) continue;
    choices.push({ id: suggestion.orderId, text: [suggestion.applicationId, suggestion.companyName].filter(Boolean).join(', ') });
  }
  return choices;
}

const orderMessage = 'Choose the order this fax answers';

/** Confirms which order a received fax answers and the EIN on it: the order is completed and the customer e-mailed. */
export function FaxMatchForm({ fax }: { fax: InboxFax }) {
  const handleApiError = useStaffApiErrorHandler();
  const match = useMatchFax(fax.id);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = orderChoicesOf(fax);
  const form = useForm<MatchForm, unknown, MatchFax>({
    resolver: matchResolver,
    defaultValues: { orderId: fax.order ? String(fax.order.id) : '', ein: fax.ein ?? '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, handleSubmit, setError, formState } = form;

  const confirm = handleSubmit((values) => {
    setProblem(null);
    match.mutate(values, {
      onSuccess: () => toast.success('The EIN was recorded, the order completed and the customer e-mailed.'),
      onError: (error) => {
        if (handleApiError(error)) return;
        if (error instanceof ApiError && showServerFieldErrors(error, ['orderId', 'ein'], setError)) return;
        setProblem(error instanceof ApiError && error.code !== 'internal_error' && error.code !== 'network_error' ? error.message : 'The match could not be confirmed. Please try again.');
      },
    });
  });

  return (
    <form noValidate aria-label="Confirm the match" onSubmit={(event) => void confirm(event)} className="space-y-1 rounded-lg border border-slate-200 p-4">
      <h3 className="mb-2 font-semibold text-slate-900">Confirm the order and the EIN</h3>
      <fieldset disabled={match.isPending} className="space-y-1">
        <Field
          label="Order"
          hint={choices.length === 0 ? 'No order was faxed to the IRS lately that this fax could answer.' : undefined}
          error={formState.errors.orderId ? (formState.errors.orderId.type === 'server' ? formState.errors.orderId.message : orderMessage) : undefined}
        >
          {(controlProps) => (
            <Select {...controlProps} {...register('orderId')}>
              <option value="" disabled>
                None
              </option>
              {choices.map((choice) => (
                <option key={choice.id} value={String(choice.id)}>
                  {choice.text}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="EIN" hint={fax.ein ? 'As read from the fax: check it against the EIN box.' : 'Type it as the fax shows it.'} error={formState.errors.ein?.message}>
          {(controlProps) => <TextInput {...controlProps} {...register('ein')} inputMode="numeric" autoComplete="off" placeholder="12-3456789" />}
        </Field>
        <div className="pb-3">
          <FaxEinBox faxId={fax.id} received={formatEasternDateTime(fax.receivedAt)} />
        </div>
        <Button type="submit" variant="primary" disabled={match.isPending}>
          {match.isPending ? 'Confirming...' : 'Confirm'}
        </Button>
      </fieldset>
      {problem ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
