import { CsvError, parse } from 'csv-parse/sync';
import { LOCATION_IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS } from '../../../shared/schemas/location-import';

/**
 * Reading a locations import file (CSV or JSON) into raw records, before any row validation.
 * Anything that makes the whole file unreadable is a LocationImportFileError with a message
 * for the person who made the file; row-level problems are left to the row schema.
 */

export class LocationImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationImportFileError';
  }
}

export type ImportFormat = 'csv' | 'json';

export type RawRecord = {
  /** What the report calls the row: in CSV the file's (spreadsheet's) line, the header being 1; in JSON the array position from 1. */
  row: number;
  values: Record<string, unknown>;
  problem?: string;
};

export type ParsedImportFile = { format: ImportFormat; records: RawRecord[]; unknownColumns: string[] };

/** Header names are matched ignoring case, spaces, `_` and `-`: `restaurant_number` works too. */
const canonicalKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const KNOWN = new Map<string, string>(LOCATION_IMPORT_COLUMNS.map((column) => [canonicalKey(column), column]));

/** Empty cells, blank strings and JSON null all mean "not given". */
function given(value: unknown): boolean {
  return value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');
}

/** Maps a record's keys to the schema's column names, dropping unknown and empty ones. */
function normalise(entries: Array<[string, unknown]>, unknown: Set<string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const column = KNOWN.get(canonicalKey(key));
    if (!column) unknown.add(key);
    else if (given(value)) values[column] = value;
  }
  return values;
}

const EMPTY_MESSAGE =
  'The file is empty: expected a CSV file with a header row and one row per location, or a JSON array of location objects.';

export function parseImportFile(content: string, format?: ImportFormat): ParsedImportFile {
  const text = content.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new LocationImportFileError(EMPTY_MESSAGE);
  const detected = format ?? (/^\s*[[{]/.test(text) ? 'json' : 'csv');
  const parsed = detected === 'json' ? parseJson(text) : parseCsv(text);
  if (parsed.records.length === 0) throw new LocationImportFileError('The file has no location rows.');
  return parsed;
}

function parseJson(text: string): ParsedImportFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new LocationImportFileError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data))
    throw new LocationImportFileError(
      'A JSON import must be an array of location objects, e.g. [{"restaurantNumber": "1001", …}].',
    );
  const unknown = new Set<string>();
  const records = data.map((item: unknown, index): RawRecord => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new LocationImportFileError(
        `A JSON import must be an array of location objects; item ${index + 1} is not an object.`,
      );
    }
    return { row: index + 1, values: normalise(Object.entries(item), unknown) };
  });
  return { format: 'json', records, unknownColumns: [...unknown] };
}

function parseCsv(text: string): ParsedImportFile {
  let lines: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // Row numbers come from csv-parse's line count, so they match the file (and the spreadsheet
    // row) even with blank lines skipped; a quoted cell spanning lines reports its last line.
    // With `info: true` each record comes as {record, info}; the typings do not model that option.
    lines = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof lines;
  } catch (error) {
    if (error instanceof CsvError)
      throw new LocationImportFileError(`The file is neither a JSON array nor valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = lines;
  const names = header?.record ?? [];
  const known = names.filter((name) => KNOWN.has(canonicalKey(name)));
  if (known.length === 0) {
    throw new LocationImportFileError(
      `The file is neither a JSON array nor CSV with a header row: its first line names none of the columns (${LOCATION_IMPORT_COLUMNS.join(', ')}).`,
    );
  }
  const duplicates = known.filter(
    (name, i) => known.findIndex((other) => canonicalKey(other) === canonicalKey(name)) !== i,
  );
  if (duplicates.length)
    throw new LocationImportFileError(`The header names a column twice: ${duplicates.join(', ')}.`);
  const missing = REQUIRED_IMPORT_COLUMNS.filter(
    (column) => !known.some((name) => KNOWN.get(canonicalKey(name)) === column),
  );
  if (missing.length) throw new LocationImportFileError(`The header lacks required columns: ${missing.join(', ')}.`);

  const unknown = new Set<string>();
  const records = rows.map(({ record, info }): RawRecord => {
    const values = normalise(
      names.map((name, i) => [name, record[i]]),
      unknown,
    );
    const problem =
      record.length === names.length ? undefined : `has ${record.length} cells but the header has ${names.length}`;
    return { row: info.lines, values, problem };
  });
  normalise(
    names.map((name) => [name, undefined]),
    unknown,
  );
  return { format: 'csv', records, unknownColumns: [...unknown] };
}
