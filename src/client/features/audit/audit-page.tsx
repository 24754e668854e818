import { useCallback } from 'react';
import { ChevronRight, Download, ListRestart } from 'lucide-react';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { hasErrorCode, type ApiError } from '#client/lib/api.ts';
import { staffMessages } from '#shared/staff/staff-messages.ts';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { auditCsvHref, checkAuditAddress, readAuditAddress, useAuditTrail, type AuditAddress } from './audit-query';
import { useSearchParamsNow } from '#client/lib/use-search-params-now.ts';

/**
 * `/manage/audit` (admins): who did what, to which order, when and from where, newest first. The
 * filters and the page live in the address; "Older entries" moves a keyset page on, and the browser's
 * Back returns to the newer one. The CSV export takes the same filters and holds every matching row.
 */
export function AuditPage() {
  const [searchParams, setSearchParams] = useSearchParamsNow();
  const address = readAuditAddress(searchParams);
  const checked = checkAuditAddress(address);
  const trail = useAuditTrail(checked.query);

  const showAddress = useCallback(
    (change: AuditAddress) => {
      setSearchParams((current) => {
        const next = { ...readAuditAddress(current), ...change };
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
        return params;
      });
    },
    [setSearchParams],
  );

  const serverErrors = trail.error && hasErrorCode(trail.error, 'validation_failed') ? (trail.error as ApiError).fields ?? null : null;
  const errors = checked.errors ?? serverErrors;
  const response = trail.error ? undefined : trail.data;
  const rows = response?.rows ?? [];
  const failed = trail.error && !serverErrors ? trail.error.message : null;
  const filtered = Object.keys(address).some((key) => key !== 'after');
  const denied = hasErrorCode(trail.error, 'permission_denied');

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <title>Audit Trail | EIN Filing Service</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Audit Trail</h1>
          <p className="mt-1 text-slate-600">Sign-ins, SSN reveals, SS-4 downloads, order and user changes, newest first.</p>
        </div>
        {checked.query && !denied ? (
          <a href={auditCsvHref(checked.query)} download className={buttonClass({ variant: 'secondary' })}>
            <Download className="size-4" aria-hidden="true" />
            Export CSV
          </a>
        ) : null}
      </div>

      {denied ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          {staffMessages.accessDenied}
        </p>
      ) : (
        <Card>
          <div className="space-y-2 border-b border-slate-200 p-4 sm:p-6 sm:pb-4">
            <AuditFilters address={address} members={response?.members ?? []} errors={errors} onChange={(change) => showAddress({ ...change, after: '' })} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="text-sm text-slate-600">
                {failed
                  ? `The audit trail could not be loaded: ${failed}`
                  : errors
                    ? 'Correct the highlighted filters to see the entries.'
                    : trail.isPending
                      ? ''
                      : address.after
                        ? 'Older entries'
                        : 'Newest entries'}
              </p>
              {filtered ? (
                <Button variant="ghost" onClick={() => setSearchParams(() => new URLSearchParams())}>
                  <ListRestart className="size-4" aria-hidden="true" />
                  Clear filters
                </Button>
              ) : null}
            </div>
          </div>
          <div aria-busy={trail.isFetching} className={trail.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <AuditTable rows={rows} members={response?.members ?? []} loading={trail.isPending && checked.query !== null} />
          </div>
          {address.after || response?.next ? (
            <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3 sm:px-6">
              <Button variant="secondary" disabled={!address.after} onClick={() => showAddress({ after: '' })}>
                Newest entries
              </Button>
              <Button variant="secondary" disabled={!response?.next} onClick={() => showAddress({ after: response?.next ?? '' })}>
                Older entries
                <ChevronRight className="hidden size-4 sm:block" aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </Card>
      )}
    </div>
  );
}
