import type { Response } from 'express';
import ExcelJS from 'exceljs';

/**
 * Every CSV or XLSX download the product offers (admin lists, reports, form submissions) is sent
 * by `sendSpreadsheet`, so the rules below hold for all of them (docs/security.md, "Spreadsheet
 * exports"; test/integration/export-downloads.test.ts walks every export route):
 *
 * - A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage
 *   return) gets a leading apostrophe (OWASP's rule for CSV injection), in CSV and in XLSX alike,
 *   so the text is the same in both and stays inert when the sheet is saved again as CSV.
 * - CSV is RFC 4180 with every field in double quotes (quotes doubled) and CRLF line ends: a
 *   separator inside a cell (`x;=cmd|...`) stays inside its quoted field for a reader that splits
 *   on ',' (the file's own separator). A reader that splits a comma file on ';' (Excel in a fr-CA
 *   locale) does not honour quotes it meets mid-field, so a formula character right after a ',' ,
 *   ';' or tab inside a cell (spaces and quotes between allowed) gets its apostrophe too.
 * - XLSX cells are written as strings, never as formulas.
 * - The answer is never cached (`no-store, private`: the lists hold names, e-mails and phone
 *   numbers), never sniffed as another type, and is an attachment named `{name}-{YYYY-MM-DD}.{ext}`.
 */
export type SpreadsheetFormat = 'csv' | 'xlsx';

const FORMULA_START = /^[=+\-@\t\r]/;
// Before a formula character that follows a separator a spreadsheet might split on (spaces or quotes between).
const FORMULA_AFTER_SEPARATOR = /(?<=[,;\t][ "]*)(?=[=+\-@\t\r])/g;

/** The cell's text with a leading apostrophe when a spreadsheet would read it as a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV field: neutralised (at its start and after any separator inside it), quoted, quotes doubled. */
export function csvField(value: string): string {
  const safe = neutraliseFormula(value).replace(FORMULA_AFTER_SEPARATOR, "'");
  return `"${safe.replace(/"/g, '""')}"`;
}

/** RFC 4180 with CRLF, and a UTF-8 byte order mark so Excel reads accents right. */
export function toCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [headers, ...rows].map((cells) => cells.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export async function toXlsx(
  sheetName: string,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export');
  sheet.addRow(headers.map(neutraliseFormula)).font = { bold: true };
  // A JS string is written as a shared-string cell (only { formula } objects become formulas).
  for (const row of rows) sheet.addRow(row.map(neutraliseFormula));
  sheet.columns.forEach((column) => {
    column.width = 24;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `{name}-{YYYY-MM-DD}.{ext}`, the name reduced to ASCII letters, digits and dashes. */
export function spreadsheetFileName(name: string, format: SpreadsheetFormat, now: Date = new Date()): string {
  const base =
    name
      .replace(/[^a-z0-9-]+/gi, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'export';
  return `${base}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** Sends a table as a CSV or XLSX download with the headers every export carries. */
export async function sendSpreadsheet(
  res: Response,
  args: {
    format: SpreadsheetFormat;
    /** The file name's stem, e.g. 'redirects' or 'submissions-12'. */
    name: string;
    sheetName: string;
    headers: readonly string[];
    rows: readonly (readonly string[])[];
  },
): Promise<void> {
  const body =
    args.format === 'csv'
      ? Buffer.from(toCsv(args.headers, args.rows), 'utf8')
      : await toXlsx(args.sheetName, args.headers, args.rows);
  res.setHeader('Content-Disposition', `attachment; filename="${spreadsheetFileName(args.name, args.format)}"`);
  res.setHeader('Cache-Control', 'no-store, private');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', args.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
  res.send(body);
}
