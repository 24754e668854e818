/** An RFC 4180 reader for the tests: quoted cells, doubled quotes, line breaks inside quotes, CRLF rows. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      record.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}
