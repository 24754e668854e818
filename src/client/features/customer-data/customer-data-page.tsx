import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Download, LoaderCircle, Search, Trash2 } from 'lucide-react';
import { Field } from '#client/components/form/field.tsx';
import { TextInput } from '#client/components/form/controls.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogDestructiveAction } from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { ApiError, isFailedCall } from '#client/lib/api.ts';
import { showServerFieldErrors } from '#client/lib/staff/server-field-errors.ts';
import { useStaffApiErrorHandler } from '#client/lib/staff/use-staff-api-error.ts';
import { manageOrderPath } from '#client/paths.ts';
import { orderStatusLabels } from '#shared/orders/lifecycle.ts';
import { customerDataMessages, customerDataRequestSchema, type CustomerDataRequest, type CustomerDataSummary } from '#shared/customer-data/customer-data.ts';
import { useCustomerDataLookup, useDeleteCustomerData, useExportCustomerData } from './customer-data-api';
import { EmailAddress } from '#client/components/ui/email-address.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** The export's collectors, as the screen names them; a collector without a label shows its own name. */
const countLabels: Record<string, string> = {
  orders: 'Orders',
  checkouts: 'Checkouts',
  orderStatusHistory: 'Status changes',
  orderComments: 'Staff comments',
  emails: 'E-mails',
  signatures: 'Signatures',
  documentLinks: 'Document links',
  refunds: 'Refunds',
};

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && !isFailedCall(error) && error.message ? error.message : fallback;
}

function Summary({ summary, onDeleted }: { summary: CustomerDataSummary; onDeleted: (message: string) => void }) {
  const exportData = useExportCustomerData();
  const remove = useDeleteCustomerData();
  const handleStaffApiError = useStaffApiErrorHandler();
  const [confirming, setConfirming] = useState(false);
  const [exported, setExported] = useState(false);
  const blockedId = 'customer-data-blocked';

  function exportFile() {
    exportData.mutate(summary.email, {
      onSuccess: () => setExported(true),
      onError: (error) => {
        if (!handleStaffApiError(error)) toast.error(failureMessage(error, 'The export could not be made. Please try again.'));
      },
    });
  }

  function deleteData() {
    remove.mutate(summary.email, {
      onSuccess: () => {
        setConfirming(false);
        onDeleted(customerDataMessages.deleted);
      },
      onError: (error) => {
        setConfirming(false);
        if (!handleStaffApiError(error)) toast.error(failureMessage(error, 'The data could not be deleted. Please try again.'));
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Data held about <EmailAddress address={summary.email} />
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {Object.entries(summary.counts).map(([name, count]) => (
            <div key={name} className="rounded-lg border border-slate-200 p-3">
              <dt className="text-sm text-slate-600">{countLabels[name] ?? name}</dt>
              <dd className="text-xl font-semibold text-slate-900">{count}</dd>
            </div>
          ))}
        </dl>
        {summary.unpaidCheckouts > 0 ? (
          <p className="text-sm text-slate-700">
            {summary.unpaidCheckouts === 1 ? '1 checkout was never paid.' : `${summary.unpaidCheckouts} checkouts were never paid.`}
          </p>
        ) : null}
        {summary.orders.length > 0 ? (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Order</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden sm:table-cell">Created</TableHead>
                <TableHead>Personal data</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary.orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    <Link to={manageOrderPath(order.id)} className="font-mono font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                      {order.number}
                    </Link>
                  </TableCell>
                  <TableCell>{orderStatusLabels[order.status]}</TableCell>
                  <TableCell className="hidden sm:table-cell">{formatDate(order.createDate)}</TableCell>
                  <TableCell>
                    {order.erasedAt ? (
                      `Erased ${formatDate(order.erasedAt)}`
                    ) : order.open ? (
                      <Badge tone="warning">Open order</Badge>
                    ) : (
                      'Held'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={exportFile} disabled={exportData.isPending} aria-busy={exportData.isPending}>
            {exportData.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
            {exportData.isPending ? 'Exporting...' : 'Export JSON'}
          </Button>
          <Button
            className="bg-red-600 text-white hover:bg-red-700"
            onClick={() => setConfirming(true)}
            disabled={!summary.deletable}
            aria-describedby={summary.deletable ? undefined : blockedId}
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Delete Customer Data
          </Button>
          <p role="status" className="text-sm text-slate-600">
            {exported ? customerDataMessages.exported : ''}
          </p>
        </div>
        {summary.blockedReason ? (
          <p id={blockedId} className="text-sm text-amber-800">
            {summary.blockedReason}
          </p>
        ) : null}
        <AlertDialog
          open={confirming}
          onOpenChange={(open) => {
            if (!open && !remove.isPending) setConfirming(false);
          }}
          title="Delete Customer Data"
          description={`Delete everything held about ${summary.email}? Unpaid checkouts are removed. Paid orders keep only their number, amount, dates, status and the EIN's last four digits. This cannot be undone.`}
        >
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogDestructiveAction onClick={deleteData} disabled={remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
            {remove.isPending ? 'Deleting...' : 'Delete Data'}
          </AlertDialogDestructiveAction>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}

/**
 * `/manage/customer-data` (admins): a customer's request to see or delete what is held about them.
 * Found by e-mail address, or from an order page's "Customer data" action (`?order=<id>`, so the
 * address itself never goes into the page's address).
 */
export function CustomerDataPage() {
  const [searchParams] = useSearchParams();
  const lookup = useCustomerDataLookup();
  const handleStaffApiError = useStaffApiErrorHandler();
  const [outcome, setOutcome] = useState<string | null>(null);
  const form = useForm<CustomerDataRequest>({ resolver: zodResolver(customerDataRequestSchema), defaultValues: { email: '' } });
  const resultHeading = useRef<HTMLDivElement>(null);

  const orderParam = searchParams.get('order');
  const orderId = orderParam && /^\d{1,9}$/.test(orderParam) ? Number(orderParam) : null;
  const { mutate } = lookup;
  useEffect(() => {
    if (orderId !== null) mutate({ orderId });
  }, [orderId, mutate]);

  const find = form.handleSubmit((values) => {
    setOutcome(null);
    lookup.mutate(values, {
      onError: (error) => {
        if (handleStaffApiError(error)) return;
        if (error instanceof ApiError) showServerFieldErrors(error, ['email'] as const, form.setError);
      },
    });
  });

  const summary = lookup.data;
  const notFound = lookup.error instanceof ApiError && lookup.error.code === 'not_found' ? lookup.error.message : null;
  const failed = lookup.error && !notFound && !(lookup.error instanceof ApiError && lookup.error.code === 'validation_failed') ? failureMessage(lookup.error, 'The search failed. Please try again.') : null;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <title>Customer Data | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Customer Data</h1>
        <p className="mt-1 text-slate-600">Answer a customer&apos;s request: see everything held about their e-mail address, export it as a JSON file, or delete it.</p>
      </div>
      <Card>
        <CardContent className="pt-6">
          <form noValidate onSubmit={find} aria-label="Find a customer" className="flex flex-wrap items-start gap-3">
            <fieldset disabled={lookup.isPending} className="flex min-w-0 flex-1 flex-wrap items-start gap-3">
              <Field label="Customer e-mail" required className="min-w-0 flex-1 basis-64" error={form.formState.errors.email?.message}>
                {(control) => <TextInput type="email" autoComplete="off" spellCheck={false} {...control} {...form.register('email')} />}
              </Field>
              <Button type="submit" className="sm:mt-7" aria-busy={lookup.isPending}>
                {lookup.isPending ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Search className="size-4" aria-hidden="true" />}
                {lookup.isPending ? 'Finding...' : 'Find'}
              </Button>
            </fieldset>
          </form>
        </CardContent>
      </Card>
      <div ref={resultHeading} role="status" className="text-slate-700">
        {outcome ?? notFound ?? failed ?? ''}
      </div>
      {summary && !outcome && !lookup.error ? (
        <Summary
          summary={summary}
          onDeleted={(message) => {
            setOutcome(message);
            lookup.reset();
            form.reset({ email: '' });
          }}
        />
      ) : null}
    </div>
  );
}
