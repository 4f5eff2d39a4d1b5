import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { csvField, spreadsheetFileName, toCsv, toXlsx } from '../../server/http/spreadsheet-download';
import { INJECTIONS, parseCsv } from '../helpers/csv';

/**
 * The one export helper every CSV and XLSX download goes through (docs/security.md,
 * "Spreadsheet exports"): formula cells neutralised, every CSV field quoted.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A reader that splits a comma file on ';' (a spreadsheet in a fr-CA locale): quotes count only
 * at the start of a field, so a ',"' in the middle of a line does not open a quoted part again.
 */
function splitOnSemicolons(line: string): string[] {
  return parseCsv(`${line}\r\n`, ';')[0]!;
}

describe('spreadsheet downloads: CSV and XLSX cells are never formulas', () => {
  it('quotes every CSV field, doubles quotes, ends lines with CRLF and starts with a byte order mark', () => {
    expect(csvField('plain')).to.equal('"plain"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField('')).to.equal('""');
    expect(toCsv(['A', 'B'], [['1', 'x,y']])).to.equal('\uFEFF"A","B"\r\n"1","x,y"\r\n');
  });

  it('prefixes an apostrophe to each cell a spreadsheet would run, and to formula characters after a separator', () => {
    expect(csvField('=1+1')).to.equal(`"'=1+1"`);
    expect(csvField('+1')).to.equal(`"'+1"`);
    expect(csvField('-1')).to.equal(`"'-1"`);
    expect(csvField('@SUM(A1)')).to.equal(`"'@SUM(A1)"`);
    expect(csvField('\t=1')).to.equal(`"'\t'=1"`);
    expect(csvField('\r=1')).to.equal(`"'\r=1"`);
    expect(csvField("x;=cmd|' /C calc'!A0")).to.equal(`"x;'=cmd|' /C calc'!A0"`);
    expect(csvField('a, -5 ;"@x')).to.equal(`"a, '-5 ;""'@x"`);
    expect(csvField('Fish & chips - 12 $')).to.equal('"Fish & chips - 12 $"');
  });

  it('no injection reaches a cell as a formula, read with the file separator or split on semicolons', () => {
    const csv = toCsv(
      ['Name', 'Message'],
      INJECTIONS.map((value) => [value, `before ${value}`]),
    );
    const rows = parseCsv(csv);
    expect(rows.slice(1).map((row) => row[0])).to.deep.equal([
      "x;'=cmd|' /C calc'!A0",
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t'=1",
      "'\r=1",
    ]);
    for (const row of rows) {
      expect(row).to.have.length(2);
      for (const cell of row) expect(cell, JSON.stringify(cell)).not.to.match(FORMULA_START);
    }
    for (const line of csv.replace(/^\uFEFF/, '').split('\r\n')) {
      for (const cell of splitOnSemicolons(line)) expect(cell, JSON.stringify(line)).not.to.match(FORMULA_START);
    }
  });

  it('writes XLSX cells as strings with the same apostrophe, never as formulas', async () => {
    const bytes = await toXlsx(
      'Sheet: one/two',
      ['=Header'],
      INJECTIONS.map((value) => [value]),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).to.equal('Sheet  one two');
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => cells.push(row.getCell(1)));
    expect(cells.map((cell) => cell.value)).to.deep.equal([
      "'=Header",
      "x;=cmd|' /C calc'!A0",
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      // XML reads a carriage return in text as a line feed; the apostrophe still comes first.
      "'\n=1",
    ]);
    for (const cell of cells) {
      expect(cell.type).to.equal(ExcelJS.ValueType.String);
      expect(cell.formula).to.equal(undefined);
    }
  });

  it('names the file after the list and the day, in ASCII', () => {
    const day = new Date('2026-11-28T10:00:00Z');
    expect(spreadsheetFileName('redirects', 'csv', day)).to.equal('redirects-2026-11-28.csv');
    expect(spreadsheetFileName('Header menus', 'xlsx', day)).to.equal('Header-menus-2026-11-28.xlsx');
    expect(spreadsheetFileName('"; x=../é', 'csv', day)).to.equal('x-2026-11-28.csv');
    expect(spreadsheetFileName('', 'csv', day)).to.equal('export-2026-11-28.csv');
  });
});
