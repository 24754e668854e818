// CSV exports (RFC 4180): every cell quoted when it holds a quote, comma or line break, and a text cell
// a spreadsheet would read as a formula (`= + - @`, or a tab or carriage return before one) is
// prefixed with an apostrophe (OWASP "CSV injection"). Numbers are the service's own and are written
// as they are, so a negative amount stays a number.

const formulaStart = /^[=+\-@\t\r]/;

/** One cell, guarded and quoted as needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value);
  let text = value === null || value === undefined ? '' : value;
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
