import { Link } from 'react-router';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#client/components/ui/table.tsx';
import { EmailAddress } from '#client/components/ui/email-address.tsx';
import { manageOrderPath } from '#client/paths.ts';
import { auditActorFallback, type AuditMember, type AuditRow } from '#shared/audit/audit.ts';
import { auditDetailText } from '#shared/audit/audit-detail.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
  timeZoneName: 'short',
});

function When({ at }: { at: string }) {
  return <time dateTime={at}>{timeFormat.format(new Date(at))}</time>;
}

function Who({ row }: { row: AuditRow }) {
  if (!row.actor) return <span className="text-slate-600">{auditActorFallback(row.action, row.detail)}</span>;
  return (
    <span className="block min-w-0">
      <span className="block font-medium text-slate-900">{row.actor.name ?? 'Deleted account'}</span>
      <EmailAddress address={row.actor.email} className="block text-xs text-slate-600" />
    </span>
  );
}

/** What the row is about: the order (a link to its page), an account by its name, or the text it names. */
function About({ row, members }: { row: AuditRow; members: ReadonlyMap<string, AuditMember> }) {
  if (row.order) {
    return (
      <Link
        to={manageOrderPath(row.order.id)}
        className="font-mono text-xs font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {row.order.number ?? `Order ${row.order.id}`}
      </Link>
    );
  }
  if (!row.target) return <span className="text-slate-500">—</span>;
  const account = row.target.startsWith('user:') ? members.get(row.target.slice(5)) : undefined;
  if (account) return <span className="break-words">User: {account.name}</span>;
  // A failed sign-in names the e-mail address it was tried with; anything else is text as it came.
  return row.target.includes('@') && !/\s/.test(row.target) ? <EmailAddress address={row.target} /> : <span className="break-words">{row.target}</span>;
}

function Detail({ row, members }: { row: AuditRow; members: ReadonlyMap<string, AuditMember> }) {
  const text = auditDetailText(row.action, row.detail, (id) => members.get(id)?.name);
  return text ? <span className="block text-xs break-words text-slate-600">{text}</span> : null;
}

type AuditTableProps = { rows: readonly AuditRow[]; members: readonly AuditMember[]; loading: boolean };

/** The rows: a table on wide screens, one card per row on narrow ones. */
export function AuditTable({ rows, members, loading }: AuditTableProps) {
  if (loading) {
    return (
      <p role="status" className="px-4 py-12 text-center text-slate-600">
        Loading the audit trail...
      </p>
    );
  }
  if (rows.length === 0) return <p className="px-4 py-12 text-center text-slate-600">No audit entries match these filters.</p>;
  const byId = new Map(members.map((member) => [member.id, member]));
  return (
    <>
      <Table containerClassName="hidden lg:block" aria-label="Audit trail">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>When</TableHead>
            <TableHead>Who</TableHead>
            <TableHead>What</TableHead>
            <TableHead>Order or target</TableHead>
            <TableHead>From</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="align-top text-xs whitespace-nowrap tabular-nums">
                <When at={row.at} />
              </TableCell>
              <TableCell className="max-w-56 align-top">
                <Who row={row} />
              </TableCell>
              <TableCell className="align-top">
                <span className="block font-medium text-slate-900">{row.actionLabel}</span>
                <Detail row={row} members={byId} />
              </TableCell>
              <TableCell className="max-w-64 align-top">
                <About row={row} members={byId} />
              </TableCell>
              <TableCell className="align-top font-mono text-xs">{row.ipAddress ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <ul className="divide-y divide-slate-200 lg:hidden" aria-label="Audit trail">
        {rows.map((row) => (
          <li key={row.id} className="space-y-2 p-4 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-semibold text-slate-900">{row.actionLabel}</p>
              <p className="text-xs text-slate-600 tabular-nums">
                <When at={row.at} />
              </p>
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-xs text-slate-600">Who</dt>
              <dd>
                <Who row={row} />
              </dd>
              <dt className="text-xs text-slate-600">About</dt>
              <dd>
                <About row={row} members={byId} />
              </dd>
              <dt className="text-xs text-slate-600">From</dt>
              <dd className="font-mono text-xs">{row.ipAddress ?? '—'}</dd>
            </dl>
            <Detail row={row} members={byId} />
          </li>
        ))}
      </ul>
    </>
  );
}
