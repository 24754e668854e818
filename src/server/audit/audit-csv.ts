import { auditActorFallback, type AuditRow } from '#shared/audit/audit.ts';
import { auditDetailText, type AuditMemberName } from '#shared/audit/audit-detail.ts';

// The CSV export of the audit trail (RFC 4180): every cell quoted when it holds a quote, comma or line
// break, and a cell a spreadsheet would read as a formula (`= + - @`, or a tab or carriage return
// before one) is prefixed with an apostrophe, so a failed sign-in's typed e-mail cannot run in the
// reader's spreadsheet (OWASP "CSV injection").

const formulaStart = /^[=+\-@\t\r]/;

/** One cell, guarded and quoted as needed. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

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
