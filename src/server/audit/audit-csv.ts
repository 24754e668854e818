import { auditActorFallback, type AuditRow } from '#shared/audit/audit.ts';
import { auditDetailText, type AuditMemberName } from '#shared/audit/audit-detail.ts';
import { csvLine } from '../http';

// The CSV export of the audit trail, its cells guarded and quoted by `csvLine` (src/server/http/csv.ts):
// a failed sign-in's typed e-mail cannot run as a formula in the reader's spreadsheet.

export const auditCsvHeader = ['Time (UTC)', 'Member', 'Member e-mail', 'Action', 'Action code', 'Order number', 'Order id', 'Target', 'Detail', 'IP address'];

/** One row; `memberName` names the accounts its detail mentions (an assignment's before and after). */
export function auditCsvLine(row: AuditRow, memberName?: AuditMemberName): string {
  return csvLine([
    row.at,
    row.actor ? (row.actor.name ?? '') : auditActorFallback(row.action, row.detail),
    row.actor?.email ?? '',
    row.actionLabel,
    row.action,
    row.order?.number ?? '',
    row.order?.id ?? '',
    row.order ? '' : row.target,
    auditDetailText(row.action, row.detail, memberName),
    row.ipAddress,
  ]);
}

/** The whole file, a row at a time: a byte-order mark (so spreadsheets read it as UTF-8), the header, the rows. */
export async function* auditCsv(rows: AsyncIterable<AuditRow>, memberName?: AuditMemberName): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(auditCsvHeader)}`;
  for await (const row of rows) yield auditCsvLine(row, memberName);
}
