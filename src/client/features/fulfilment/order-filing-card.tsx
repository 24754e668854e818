import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Landmark } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { AlertDialog, AlertDialogCancel } from '#client/components/ui/alert-dialog.tsx';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { ApiError, apiRequest } from '#client/lib/api.ts';
import { formatEasternDateTime } from '#client/lib/business-time.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { paths } from '#client/paths.ts';
import { FaxEinBox } from '#client/lib/staff/fax-ein-box.tsx';
import { isInStatusGroup } from '#shared/orders/lifecycle.ts';
import type { OrderDetail } from '#shared/fulfilment/orders.ts';
import {
  activeFilingStatuses,
  filingMessages,
  filingStatusLabels,
  formatFaxNumber,
  irsFaxLineLabels,
  maxLetterBytes,
  onlineFilingResultSchema,
  type FilingEntry,
  type FilingMethod,
  type FilingStatus,
  type IrsLetterEntry,
  type OnlineFilingResult,
  type OrderFiling,
} from '#shared/filing/filing.ts';
import { ordersListKey } from './orders-list-query';
import { orderQueryKey } from './use-order-detail';
import { useOrderPermissions } from './use-order-permissions';
import { EinLetterLinkButton } from './ein-letter-link-button';

const statusTones: Record<FilingStatus, BadgeTone> = {
  held: 'caution',
  queued: 'neutral',
  sending: 'info',
  delivered: 'info',
  failed: 'danger',
  filed: 'info',
  answered: 'success',
};

/** A fax on its way to the IRS, or delivered and waiting for its answer: the page looks again this often. */
const faxWatchMs = 10_000;
const watchedStatuses: readonly FilingStatus[] = ['queued', 'sending', 'delivered'];

const methodLabels: Record<FilingMethod, string> = { fax: 'Fax', online: 'Online' };

const couldNotMessage = 'That could not be done. Please try again.';

/** The message a refused action shows in the card: the server's own for a considered refusal. */
function problemOf(error: unknown): string {
  return error instanceof ApiError && error.code !== 'internal_error' && error.code !== 'network_error' && error.message ? error.message : couldNotMessage;
}

/** "Fax (domestic) (855) 641-6935". */
function faxLineText(to: string | null, line: FilingEntry['line']): string {
  return [line ? irsFaxLineLabels[line] : null, formatFaxNumber(to)].filter(Boolean).join(' ');
}

/** A fax line with its number kept on one line. */
function FaxLine({ to, line }: { to: string | null; line: FilingEntry['line'] }) {
  return (
    <>
      {line ? `${irsFaxLineLabels[line]} ` : null}
      <span className="whitespace-nowrap">{formatFaxNumber(to)}</span>
    </>
  );
}

/** The filing's details as "what: value" rows, only those it has. */
function detailsOf(filing: FilingEntry): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [];
  if (filing.method === 'fax') rows.push(['Number', <FaxLine key="number" to={filing.to} line={filing.line} />]);
  if (filing.method === 'fax') rows.push(['Attempts', String(filing.attempts)]);
  if (filing.pages !== null) rows.push(['Pages', String(filing.pages)]);
  if (filing.sentAt) rows.push([filing.method === 'online' ? 'Filed' : 'Sent', formatEasternDateTime(filing.sentAt)]);
  if (filing.deliveredAt && filing.method === 'fax') rows.push(['Delivered', formatEasternDateTime(filing.deliveredAt)]);
  if (filing.status === 'failed' && filing.failureReason) rows.push(['Failed', filing.failureReason]);
  if (filing.status === 'held') {
    if (filing.heldUntil) rows.push(['Held until', formatEasternDateTime(filing.heldUntil)]);
    if (filing.holdReason) rows.push(['Why', filing.holdReason]);
  }
  if (filing.requestedBy) rows.push(['By', filing.requestedBy.name]);
  return rows;
}

/** "IRS letter, fax, 3 pages, received November 26, 2026 at 10:05 AM EST". */
function letterText(letter: IrsLetterEntry): string {
  const parts = ['IRS letter', letter.source === 'fax' ? 'fax' : 'uploaded'];
  if (letter.pages !== null) parts.push(`${letter.pages} ${letter.pages === 1 ? 'page' : 'pages'}`);
  parts.push(`received ${formatEasternDateTime(letter.createdAt)}`);
  return parts.join(', ');
}

/** After any change: the order as it now stands (status, history, EIN) and the list that shows it. */
function useReloadAfter(orderId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: orderQueryKey(orderId) }), queryClient.invalidateQueries({ queryKey: ordersListKey })]).then(() => undefined);
}

/**
 * Filing the signed SS-4 with the IRS (decision 043): where a fax goes, each filing and how it went,
 * filing by fax or recording an online filing once the customer has signed (before, why not yet) (not offered, with the reason, for an order the IRS's
 * online assistant would refuse), an online filing's EIN and letter, the IRS's faxed answer to
 * confirm, and the IRS's letters kept on the order, with a new link to them for the customer once it is completed.
 */
export function OrderFilingCard({ order, filing }: { order: OrderDetail; filing: OrderFiling }) {
  const may = useOrderPermissions(order);
  const handleApiError = useStaffApiErrorHandler();
  const reload = useReloadAfter(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingFax, setConfirmingFax] = useState(false);

  const mayFile = may('filings:create');
  const active = filing.filings.some((entry) => (activeFilingStatuses as readonly FilingStatus[]).includes(entry.status));
  const closed = isInStatusGroup('closed', order.status);
  // Only a signed SS-4 is filed: before, the card says why instead of offering what the server refuses.
  const signed = order.signing?.state === 'signed';
  const onlineFiled = [...filing.filings].reverse().find((entry) => entry.method === 'online' && entry.status === 'filed');
  const faxTo = faxLineText(filing.faxTo.number, filing.faxTo.line);

  // Sending, delivery and the IRS's fax-back happen on the server meanwhile: the card follows them.
  const queryClient = useQueryClient();
  const watching = !filing.pendingAnswer && filing.filings.some((entry) => entry.method === 'fax' && watchedStatuses.includes(entry.status));
  useEffect(() => {
    if (!watching) return;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) }), faxWatchMs);
    return () => clearInterval(timer);
  }, [watching, queryClient, order.id]);

  function onFailure(error: unknown) {
    if (handleApiError(error)) return;
    setProblem(problemOf(error));
  }

  const file = useMutation({
    mutationFn: (method: FilingMethod) => apiRequest<{ filingId: number; filing: OrderFiling }>('POST', `/api/manage/orders/${order.id}/filings`, { method }),
    onMutate: () => setProblem(null),
    onSuccess: async (_response, method) => {
      setConfirmingFax(false);
      toast.success(method === 'fax' ? `The SS-4 is on its way to the IRS at ${formatFaxNumber(filing.faxTo.number)}.` : 'The online filing was recorded.');
      await reload();
    },
    onError: (error) => {
      setConfirmingFax(false);
      onFailure(error);
    },
  });

  const pending = filing.pendingAnswer;
  const confirmAnswer = useMutation({
    mutationFn: (answer: { inboundFaxId: number; ein: string }) =>
      apiRequest('POST', `/api/manage/fax-inbox/${answer.inboundFaxId}/match`, { orderId: order.id, ein: answer.ein }),
    onMutate: () => setProblem(null),
    onSuccess: async () => {
      toast.success('The EIN was recorded and the customer e-mailed.');
      await reload();
    },
    onError: onFailure,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-brand-600" aria-hidden="true" />
          Filing with the IRS
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <p>
          <span className="text-slate-600">A fax goes to: </span>
          <strong className="text-slate-900" data-testid="filing-fax-to">
            <FaxLine to={filing.faxTo.number} line={filing.faxTo.line} />
          </strong>
        </p>

        {filing.filings.length > 0 ? (
          <ul aria-label="Filings" className="flex flex-col gap-3">
            {filing.filings.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 p-3" data-testid="filing">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{methodLabels[entry.method]} filing</span>
                  <Badge tone={statusTones[entry.status]} data-testid="filing-status">
                    {filingStatusLabels[entry.status]}
                  </Badge>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                  {detailsOf(entry).map(([label, value]) => (
                    <div key={label} className="contents">
                      <dt className="text-slate-600">{label}</dt>
                      <dd className="break-words text-slate-900">{value}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">Not filed yet.</p>
        )}

        {pending ? (
          <PendingAnswer answer={pending} onConfirm={confirmAnswer.mutate} confirming={confirmAnswer.isPending} mayConfirm={may('fax-inbox:match')} mayOpenFax={may('fax-inbox:read')} />
        ) : null}

        {onlineFiled && mayFile ? <OnlineResultForm orderId={order.id} filingId={onlineFiled.id} onRecorded={reload} onProblem={setProblem} /> : null}

        {!active && !closed && !signed ? (
          <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-700" data-testid="filing-not-signed">
            {filingMessages.notSigned}
          </p>
        ) : null}

        {!active && !closed && signed && mayFile ? (
          <div className="flex flex-wrap gap-2">
            <AlertDialog
              open={confirmingFax}
              onOpenChange={(open) => {
                if (!file.isPending) setConfirmingFax(open);
              }}
              trigger={
                <Button variant="primary" disabled={file.isPending}>
                  File by fax
                </Button>
              }
              title="File by fax"
              description={`Fax the signed SS-4 to the IRS at ${faxTo}?`}
            >
              <AlertDialogCancel disabled={file.isPending}>Cancel</AlertDialogCancel>
              <Button variant="primary" disabled={file.isPending} onClick={() => file.mutate('fax')}>
                {file.isPending ? 'Sending...' : 'Fax it'}
              </Button>
            </AlertDialog>
            {filing.onlineRefusal ? null : (
              <Button variant="secondary" disabled={file.isPending} onClick={() => file.mutate('online')}>
                Filed online
              </Button>
            )}
          </div>
        ) : null}

        {filing.onlineRefusal && !active && !closed ? (
          <p className="text-slate-700" data-testid="filing-fax-only">
            <span className="font-medium text-slate-900">Fax only. </span>
            {filing.onlineRefusal}
          </p>
        ) : null}

        {problem ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
            {problem}
          </p>
        ) : null}

        {filing.letters.length > 0 ? (
          <ul aria-label="IRS letters" className="flex flex-col gap-1 text-slate-700">
            {filing.letters.map((letter) => (
              <li key={letter.id}>{letterText(letter)}</li>
            ))}
          </ul>
        ) : null}

        {order.status === 'completed' && filing.letters.length > 0 && may('orders:resend-links') ? (
          <div>
            <EinLetterLinkButton order={order} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

type PendingAnswerProps = {
  answer: NonNullable<OrderFiling['pendingAnswer']>;
  onConfirm: (answer: { inboundFaxId: number; ein: string }) => void;
  confirming: boolean;
  mayConfirm: boolean;
  /** May open the fax itself: its EIN box, its pages, the inbox. */
  mayOpenFax: boolean;
};

/** The IRS's fax-back matched to this order: the EIN read from it beside its EIN box, to confirm, and its first page. */
function PendingAnswer({ answer, onConfirm, confirming, mayConfirm, mayOpenFax }: PendingAnswerProps) {
  const received = formatEasternDateTime(answer.receivedAt);
  const inboxLink = `${paths.manageFaxInbox}?fax=${answer.inboundFaxId}`;
  return (
    <section aria-labelledby="filing-answer" className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-3">
      <h3 id="filing-answer" className="font-semibold text-slate-900">
        {answer.ein ? `The IRS answered: EIN ${answer.ein}` : 'The IRS answered: its EIN could not be read'}
      </h3>
      <p className="text-slate-700">Fax received {received}.</p>
      {answer.ein && mayOpenFax ? (
        <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
          <FaxEinBox faxId={answer.inboundFaxId} received={received} />
          <p className="text-slate-700">
            <span className="block text-xs text-slate-600">Read as</span>
            <strong className="font-mono text-lg text-slate-900" data-testid="filing-answer-ein">
              {answer.ein}
            </strong>
            <span className="mt-1 block text-xs text-slate-600">Check it against the box before you confirm.</span>
          </p>
        </div>
      ) : null}
      {mayOpenFax ? (
        <a href={`/api/manage/fax-inbox/${answer.inboundFaxId}/pages/1`} target="_blank" rel="noreferrer" className="block">
          <img
            src={`/api/manage/fax-inbox/${answer.inboundFaxId}/pages/1`}
            alt={`Page 1 of the fax received ${received}`}
            className="w-full max-w-md rounded border border-slate-300 bg-white"
            loading="lazy"
          />
        </a>
      ) : null}
      {(answer.ein && mayConfirm) || mayOpenFax ? (
        <div className="flex flex-wrap items-center gap-3">
          {answer.ein && mayConfirm ? (
            <Button variant="primary" disabled={confirming} onClick={() => onConfirm({ inboundFaxId: answer.inboundFaxId, ein: answer.ein ?? '' })}>
              {confirming ? 'Confirming...' : 'Confirm EIN'}
            </Button>
          ) : null}
          {mayOpenFax ? (
            <Link
              to={inboxLink}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Open the fax in the inbox
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

type ResultForm = { ein: string; letter: string };

const resultResolver: Resolver<ResultForm, unknown, OnlineFilingResult> = zodResolver(onlineFilingResultSchema) as unknown as Resolver<ResultForm, unknown, OnlineFilingResult>;

/** The file's bytes in base64, as the result's `letter` carries them. */
function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

type OnlineResultFormProps = { orderId: number; filingId: number; onRecorded: () => Promise<void>; onProblem: (message: string | null) => void };

/** An online filing's answer: the EIN the IRS gave and its letter (CP 575) as a PDF. */
function OnlineResultForm({ orderId, filingId, onRecorded, onProblem }: OnlineResultFormProps) {
  const handleApiError = useStaffApiErrorHandler();
  const form = useForm<ResultForm, unknown, OnlineFilingResult>({ resolver: resultResolver, defaultValues: { ein: '', letter: '' }, mode: 'onSubmit' });
  const { register, handleSubmit, control, setError, clearErrors, formState } = form;
  const record = useMutation({
    mutationFn: (result: OnlineFilingResult) => apiRequest<{ filing: OrderFiling }>('POST', `/api/manage/orders/${orderId}/filings/${filingId}/result`, result),
    onMutate: () => onProblem(null),
    onSuccess: async () => {
      toast.success('The EIN was recorded and the customer e-mailed.');
      await onRecorded();
    },
    onError: (error) => {
      if (handleApiError(error)) return;
      if (error instanceof ApiError && showServerFieldErrors(error, ['ein', 'letter'], setError)) return;
      onProblem(problemOf(error));
    },
  });

  return (
    <form noValidate aria-label="Online filing result" onSubmit={handleSubmit((values) => record.mutate(values))} className="flex flex-col gap-1 rounded-lg border border-slate-200 p-3">
      <p className="mb-2 text-slate-700">Filed online: record the EIN the IRS gave and its letter (CP 575).</p>
      <fieldset disabled={record.isPending} className="flex flex-col gap-1">
        <Field label="EIN" error={formState.errors.ein?.message}>
          {(controlProps) => <TextInput {...controlProps} {...register('ein')} inputMode="numeric" autoComplete="off" placeholder="12-3456789" />}
        </Field>
        <Controller
          control={control}
          name="letter"
          render={({ field, fieldState }) => (
            <Field label="IRS letter (PDF)" hint="The CP 575 the IRS's website gave, at most 5 MB." error={fieldState.error?.message}>
              {(controlProps) => (
                <input
                  {...controlProps}
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  type="file"
                  accept=".pdf,application/pdf"
                  className="block w-full text-sm text-slate-900 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-900 hover:file:bg-slate-50"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0];
                    clearErrors('letter');
                    if (!chosen) return field.onChange('');
                    if (chosen.size > maxLetterBytes) {
                      field.onChange('');
                      setError('letter', { type: 'size', message: 'The letter can be at most 5 MB' });
                      return;
                    }
                    readAsBase64(chosen).then(field.onChange, () => setError('letter', { type: 'read', message: 'The file could not be read' }));
                  }}
                />
              )}
            </Field>
          )}
        />
        <div>
          <Button type="submit" variant="primary" disabled={record.isPending}>
            {record.isPending ? 'Recording...' : 'Record EIN'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
