/** Cell texts a spreadsheet would run as formulas (docs/security.md, "Spreadsheet exports"). */
export const INJECTIONS = ["x;=cmd|' /C calc'!A0", '=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'] as const;

/**
 * A CSV file read as RFC 4180 with `separator` (a quote opens a quoted part only at the start of a
 * field, as spreadsheets read it), the byte order mark dropped.
 */
export function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
