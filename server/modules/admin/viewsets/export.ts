import type { Response } from 'express';
import ExcelJS from 'exceljs';

/**
 * Exports of a viewset list. Cells are text, never formulas: a CSV cell that a spreadsheet would
 * read as a formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe
 * (OWASP's advice for CSV injection), and XLSX cells are written as strings.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 with CRLF, and a UTF-8 byte order mark so Excel reads accents right. */
export function toCsv(headers: readonly string[], rows: readonly string[][]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(
  sheetName: string,
  headers: readonly string[],
  rows: readonly string[][],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export');
  sheet.addRow([...headers]).font = { bold: true };
  // A JS string is written as a string cell: '=1+1' stays text (only { formula } objects are formulas).
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Sends a list as a download: `{name}-{YYYY-MM-DD}.csv|xlsx`, never cached (lists are per-user).
 * Viewset lists and reports both answer `?export=` through here.
 */
export async function sendListExport(
  res: Response,
  args: {
    format: 'csv' | 'xlsx';
    name: string;
    sheetName: string;
    headers: readonly string[];
    rows: readonly string[][];
  },
): Promise<void> {
  const stamp = new Date().toISOString().slice(0, 10);
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${args.name.replace(/[^a-z0-9-]+/gi, '-')}-${stamp}.${args.format}"`,
  );
  res.setHeader('Cache-Control', 'no-store, private');
  if (args.format === 'csv') res.type('text/csv; charset=utf-8').send(toCsv(args.headers, args.rows));
  else
    res
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(await toXlsx(args.sheetName, args.headers, args.rows));
}
