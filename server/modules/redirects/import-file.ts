import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { REDIRECT_IMPORT_MAX_BYTES, REDIRECT_IMPORT_MAX_ROWS } from '../../../shared/schemas/redirects';

/**
 * Reads an uploaded redirects file (CSV, TSV or XLSX) into a header and rows of text, or throws an
 * ImportFileError whose message a person can act on. Nothing here touches the database. Guards:
 * at most 5 MB and 10,000 data rows; text must be UTF-8 or UTF-16 (with or without a byte order
 * mark, CRLF or LF); an .xlsx is a zip whose declared and actual uncompressed sizes are checked
 * (entry by entry, inflating with a hard output limit) before exceljs opens it, so a zip bomb costs
 * at most XLSX_MAX_UNCOMPRESSED bytes.
 */
export class ImportFileError extends Error {}

export type ImportTable = { headers: string[]; rows: Array<{ line: number; cells: string[] }> };

const XLSX_MAX_UNCOMPRESSED = 50 * 1024 * 1024;
const XLSX_MAX_ENTRIES = 1000;
const MAX_CELL_LENGTH = 2000;
const ROW_CAP_MESSAGE = `The file has more than ${REDIRECT_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows. Split it into files of at most ${REDIRECT_IMPORT_MAX_ROWS.toLocaleString('en-US')} redirects.`;

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** Other formats people upload by mistake, named so the message says what was sent. */
const OTHER_TYPES: Array<{ signature: number[]; name: string }> = [
  { signature: [0x25, 0x50, 0x44, 0x46], name: 'a PDF document' },
  { signature: [0x89, 0x50, 0x4e, 0x47], name: 'a PNG image' },
  { signature: [0xff, 0xd8, 0xff], name: 'a JPEG image' },
  { signature: [0x47, 0x49, 0x46, 0x38], name: 'a GIF image' },
  { signature: [0xd0, 0xcf, 0x11, 0xe0], name: 'an old Excel (.xls) or Office file: save it as .xlsx or CSV' },
  { signature: [0x1f, 0x8b], name: 'a gzip archive' },
];

export async function readImportFile(fileName: string, bytes: Buffer): Promise<ImportTable> {
  if (bytes.length === 0) throw new ImportFileError('The file is empty.');
  if (bytes.length > REDIRECT_IMPORT_MAX_BYTES)
    throw new ImportFileError(`The file is larger than ${REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  const extension = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return readXlsx(bytes);
  const other = OTHER_TYPES.find((type) => startsWith(bytes, type.signature));
  if (other) throw new ImportFileError(`This file is ${other.name}, not a CSV, TSV or XLSX file.`);
  if (extension === 'xlsx')
    throw new ImportFileError('This .xlsx file is not a valid spreadsheet: it may be truncated or of another type.');
  if (extension && !['csv', 'tsv', 'txt', 'tab'].includes(extension))
    throw new ImportFileError('Choose a CSV, TSV or XLSX file.');
  const text = decodeText(bytes);
  return readDelimited(text, extension === 'tsv' || extension === 'tab' ? '\t' : sniffDelimiter(text));
}

/** UTF-8 (a BOM is dropped) or UTF-16 (by its BOM, or by its zero bytes when there is none). */
export function decodeText(bytes: Buffer): string {
  if (startsWith(bytes, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (startsWith(bytes, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const sample = bytes.subarray(0, 4096);
  const zeros = (parity: number) => sample.filter((byte, i) => i % 2 === parity && byte === 0).length;
  const half = sample.length / 2;
  if (half >= 2 && zeros(1) > half * 0.3 && zeros(0) === 0) return new TextDecoder('utf-16le').decode(bytes);
  if (half >= 2 && zeros(0) > half * 0.3 && zeros(1) === 0) return new TextDecoder('utf-16be').decode(bytes);
  if (sample.includes(0)) throw new ImportFileError('This is not a text file. Choose a CSV, TSV or XLSX file.');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ImportFileError('The file is not UTF-8 text. Save it as "CSV UTF-8" (or UTF-16) and upload it again.');
  }
}

function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', '\t', ';'].map((d) => ({ d, n: firstLine.split(d).length - 1 }));
  counts.sort((a, b) => b.n - a.n);
  return counts[0]!.n > 0 ? counts[0]!.d : ',';
}

function readDelimited(text: string, delimiter: string): ImportTable {
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      // One row past the cap is enough to know the file is too long.
      to: REDIRECT_IMPORT_MAX_ROWS + 2,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^Invalid Record Length: /, '') : String(error);
    throw new ImportFileError(`The file could not be read as ${delimiter === '\t' ? 'TSV' : 'CSV'}: ${detail}`);
  }
  return tableOf(records.map((cells, index) => ({ line: index + 1, cells })));
}

function tableOf(records: Array<{ line: number; cells: string[] }>): ImportTable {
  const nonEmpty = records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (nonEmpty.length === 0) throw new ImportFileError('The file has no rows.');
  if (nonEmpty.length > REDIRECT_IMPORT_MAX_ROWS + 1) throw new ImportFileError(ROW_CAP_MESSAGE);
  const [header, ...rows] = nonEmpty;
  const clip = (cell: string) => cell.trim().slice(0, MAX_CELL_LENGTH);
  return {
    headers: header!.cells.map(clip),
    rows: rows.map((row) => ({ line: row.line, cells: row.cells.map(clip) })),
  };
}

/** The zip's central directory: every entry's sizes and where its data starts. */
function zipEntries(
  bytes: Buffer,
): Array<{ name: string; method: number; compressed: number; uncompressed: number; localOffset: number }> {
  const truncated = () =>
    new ImportFileError(
      'This .xlsx file is damaged or truncated: its zip directory is missing. Save it again and upload it.',
    );
  // The end-of-central-directory record is in the last 64 KB + 22 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw truncated();
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff)
    throw new ImportFileError('This .xlsx file uses ZIP64, which is not supported here. Save it as CSV instead.');
  if (count > XLSX_MAX_ENTRIES)
    throw new ImportFileError('This .xlsx file has too many parts to be a spreadsheet of redirects.');
  if (offset + size > eocd) throw truncated();
  const entries = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw truncated();
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressed: bytes.readUInt32LE(at + 20),
      uncompressed: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Checks every entry's real uncompressed size against the cap by inflating it with a hard limit. */
function checkZipBomb(bytes: Buffer): void {
  const bomb = () =>
    new ImportFileError(
      `This .xlsx file expands to more than ${XLSX_MAX_UNCOMPRESSED / 1024 / 1024} MB when unpacked, which no file of ${REDIRECT_IMPORT_MAX_ROWS.toLocaleString('en-US')} redirects needs. It was not opened.`,
    );
  const entries = zipEntries(bytes);
  let declared = 0;
  for (const entry of entries) declared += entry.uncompressed;
  if (declared > XLSX_MAX_UNCOMPRESSED) throw bomb();
  let actual = 0;
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50)
      throw new ImportFileError('This .xlsx file is damaged or truncated.');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const data = bytes.subarray(start, start + entry.compressed);
    if (data.length < entry.compressed) throw new ImportFileError('This .xlsx file is damaged or truncated.');
    if (entry.method === 0) actual += data.length;
    else if (entry.method === 8) {
      try {
        // The limit is what the directory declared: an entry that lies about its size fails here.
        actual += inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressed) }).length;
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw bomb();
        throw new ImportFileError('This .xlsx file is damaged or truncated.');
      }
    } else throw new ImportFileError('This .xlsx file uses a compression method spreadsheets do not use.');
    if (actual > XLSX_MAX_UNCOMPRESSED) throw bomb();
  }
}

async function readXlsx(bytes: Buffer): Promise<ImportTable> {
  checkZipBomb(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportFileError('This file is a zip archive but not a readable .xlsx spreadsheet.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportFileError('The spreadsheet has no sheets.');
  if (sheet.actualRowCount > REDIRECT_IMPORT_MAX_ROWS + 1) throw new ImportFileError(ROW_CAP_MESSAGE);
  const records: Array<{ line: number; cells: string[] }> = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let column = 1; column <= Math.min(row.cellCount, 20); column++) cells.push(row.getCell(column).text ?? '');
    records.push({ line, cells });
  });
  return tableOf(records);
}
