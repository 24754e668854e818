import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Badge, type BadgeTone } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { formatEasternDateTime } from '#client/lib/business-time.ts';
import { isUnauthenticated } from '#client/lib/staff/staff-api.ts';
import { useStaffUser } from '#client/lib/staff/staff-session-context.tsx';
import { can } from '#shared/staff/permissions.ts';
import { manageOrderPath } from '#client/paths.ts';
import { formatFaxNumber, inboundFaxStatusLabels, type InboundFaxStatus, type InboxFax } from '#shared/filing/filing.ts';
import { faxPagePath, useFaxInbox, useInboxFax } from './fax-inbox-api';
import { FaxMatchForm } from './fax-match-form';

const statusTones: Record<InboundFaxStatus, BadgeTone> = {
  received: 'neutral',
  unmatched: 'warning',
  matched: 'info',
  confirmed: 'success',
  dismissed: 'neutral',
};

const linkClass =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The `fax` of the address as a fax's id, or null. */
function selectedIdOf(params: URLSearchParams): number | null {
  const value = params.get('fax') ?? '';
  return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

function OrderLink({ order }: { order: InboxFax['order'] }) {
  if (!order) return <span className="text-slate-500">—</span>;
  return (
    <Link to={manageOrderPath(order.id)} className={`font-mono text-xs ${linkClass}`}>
      {order.applicationId}
    </Link>
  );
}

function StatusBadge({ status }: { status: InboundFaxStatus }) {
  return <Badge tone={statusTones[status]}>{inboundFaxStatusLabels[status]}</Badge>;
}

/**
 * `/manage/fax-inbox`: the faxes received (the IRS's answers), newest first, each matched to the order it
 * answers by the code on its pages or by staff; a chosen one (`?fax=`) shows its pages and the form that
 * confirms its order and EIN.
 */
export function FaxInboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = selectedIdOf(searchParams);
  const inbox = useFaxInbox();
  const faxes = inbox.data ?? [];

  const choose = (id: number | null) => setSearchParams(id === null ? {} : { fax: String(id) });

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <title>Fax inbox | EIN Filing Service</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Fax inbox</h1>
        <p className="mt-1 text-slate-600">The faxes received, newest first: the IRS&apos;s answers, matched to their orders by the code on their pages.</p>
      </div>

      <div className="grid items-start gap-6">
        <Card>
          {inbox.isPending ? (
            <p role="status" className="px-4 py-12 text-center text-slate-600">
              Loading the fax inbox...
            </p>
          ) : inbox.isError && !isUnauthenticated(inbox.error) ? (
            <div role="alert" className="px-4 py-12 text-center text-slate-700">
              <p>The fax inbox could not be loaded: {inbox.error.message}</p>
              <Button variant="secondary" className="mt-4" onClick={() => void inbox.refetch()}>
                Try again
              </Button>
            </div>
          ) : faxes.length === 0 ? (
            <p className="px-4 py-12 text-center text-slate-600">No faxes received yet.</p>
          ) : (
            <FaxList faxes={faxes} selectedId={selectedId} onChoose={choose} />
          )}
        </Card>
        {selectedId !== null ? <FaxDetail id={selectedId} listed={faxes.find((fax) => fax.id === selectedId)} onClose={() => choose(null)} /> : null}
      </div>
    </div>
  );
}

type FaxListProps = { faxes: readonly InboxFax[]; selectedId: number | null; onChoose: (id: number) => void };

/** The faxes: a table on wide screens, one entry per fax on narrow ones; the time opens a fax. */
function FaxList({ faxes, selectedId, onChoose }: FaxListProps) {
  const open = (fax: InboxFax, className = '') => (
    <button
      type="button"
      onClick={() => onChoose(fax.id)}
      aria-current={fax.id === selectedId ? 'true' : undefined}
      className={`text-left ${linkClass} ${className}`}
    >
      <time dateTime={fax.receivedAt}>{formatEasternDateTime(fax.receivedAt)}</time>
    </button>
  );
  return (
    <>
      <Table containerClassName="hidden lg:block" aria-label="Faxes received">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Received</TableHead>
            <TableHead>From</TableHead>
            <TableHead>Pages</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Order</TableHead>
            <TableHead>EIN read</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {faxes.map((fax) => (
            <TableRow key={fax.id} className={fax.id === selectedId ? 'bg-brand-50' : ''}>
              <TableCell className="align-top text-sm whitespace-nowrap">{open(fax)}</TableCell>
              <TableCell className="align-top text-sm whitespace-nowrap">{formatFaxNumber(fax.from) || 'Unknown'}</TableCell>
              <TableCell className="align-top text-sm tabular-nums">{fax.pages ?? '—'}</TableCell>
              <TableCell className="align-top">
                <StatusBadge status={fax.status} />
              </TableCell>
              <TableCell className="align-top">
                <OrderLink order={fax.order} />
              </TableCell>
              <TableCell className="align-top font-mono text-sm whitespace-nowrap">{fax.ein ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="divide-y divide-slate-200 lg:hidden" aria-label="Faxes received">
        {faxes.map((fax) => (
          <li key={fax.id} className={`space-y-2 p-4 text-sm ${fax.id === selectedId ? 'bg-brand-50' : ''}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              {open(fax)}
              <StatusBadge status={fax.status} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-xs text-slate-600">From</dt>
              <dd>{formatFaxNumber(fax.from) || 'Unknown'}</dd>
              <dt className="text-xs text-slate-600">Pages</dt>
              <dd className="tabular-nums">{fax.pages ?? '—'}</dd>
              <dt className="text-xs text-slate-600">Order</dt>
              <dd>
                <OrderLink order={fax.order} />
              </dd>
              <dt className="text-xs text-slate-600">EIN read</dt>
              <dd className="font-mono">{fax.ein ?? '—'}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

type FaxDetailProps = { id: number; listed: InboxFax | undefined; onClose: () => void };

/** One fax: its pages as images, and the form that confirms the order it answers and its EIN. */
function FaxDetail({ id, listed, onClose }: FaxDetailProps) {
  const user = useStaffUser();
  const query = useInboxFax(id, listed);
  const fax = query.data;
  const notFound = query.isError && !isUnauthenticated(query.error);
  const matchable = fax !== undefined && fax.status !== 'confirmed' && fax.status !== 'dismissed' && can(user, 'fax-inbox:match');

  // A chosen fax is scrolled into view on a narrow screen, where it sits under the list.
  useEffect(() => {
    document.getElementById('fax-detail')?.scrollIntoView?.({ block: 'start' });
  }, [id]);

  return (
    <Card id="fax-detail" aria-labelledby="fax-detail-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle id="fax-detail-title">{fax ? `Fax received ${formatEasternDateTime(fax.receivedAt)}` : 'Fax'}</CardTitle>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {!fax ? (
          notFound ? (
            <p role="alert" className="text-slate-700">
              {query.error?.message}
            </p>
          ) : (
            <p role="status" className="text-slate-600">
              Loading the fax...
            </p>
          )
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              <StatusBadge status={fax.status} />
              <span className="text-slate-700">
                From {formatFaxNumber(fax.from) || 'an unknown number'}
                {fax.pages !== null ? `, ${fax.pages} ${fax.pages === 1 ? 'page' : 'pages'}` : ''}
              </span>
            </p>
            {fax.status === 'confirmed' && fax.order ? (
              <p className="text-slate-700">
                Confirmed for order <OrderLink order={fax.order} />
                {fax.ein ? `, EIN ${fax.ein}` : ''}.
              </p>
            ) : null}
            {fax.status === 'received' ? <p className="text-slate-700">This fax is still being read: its code and EIN appear here once read.</p> : null}
            <div className={`grid items-start gap-4 ${matchable ? 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]' : ''}`}>
              {matchable ? <FaxMatchForm key={fax.id} fax={fax} /> : null}
              <FaxPages fax={fax} />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function FaxPages({ fax }: { fax: InboxFax }) {
  const received = formatEasternDateTime(fax.receivedAt);
  const count = Math.max(fax.pages ?? 1, 1);
  return (
    <ol aria-label="Pages" className="space-y-3">
      {Array.from({ length: count }, (_, index) => index + 1).map((page) => (
        <li key={page}>
          <a href={faxPagePath(fax.id, page)} target="_blank" rel="noreferrer" className="block">
            <img
              src={faxPagePath(fax.id, page)}
              alt={`Page ${page} of the fax received ${received}`}
              loading="lazy"
              className="w-full rounded border border-slate-300 bg-white"
            />
          </a>
        </li>
      ))}
    </ol>
  );
}
