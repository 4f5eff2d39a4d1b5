import type { Hole, HoleValues } from './holes';

/**
 * The header location picker's per-visitor parts in a page rendered without a saved location
 * (its trigger text, its data attribute, the location in the page data): where they sit, so a
 * cached page can be filled per visitor, and filling them into an answer that is not stored.
 */
const TRIGGER_TEXT_OPEN = Buffer.from('<span class="location-picker__text">');
const TRIGGER_BUTTON = Buffer.from('class="location-picker__trigger"');
const ARIA_EXPANDED = Buffer.from('aria-expanded="false"');
const PAGE_DATA = Buffer.from('id="page-data"');
const NO_PREFERRED = Buffer.from('"preferredLocation":null');
const SPAN_CLOSE = Buffer.from('</span>');

export type Cut = { start: number; end: number; hole: Hole };

/** Where the header picker's per-visitor parts sit in a render made without a saved location. */
export function pickerCuts(body: Buffer): { cuts: Cut[]; defaults: Partial<HoleValues> } {
  const textAt = body.indexOf(TRIGGER_TEXT_OPEN);
  const textEnd = textAt < 0 ? -1 : body.indexOf(SPAN_CLOSE, textAt);
  const buttonAt = body.indexOf(TRIGGER_BUTTON);
  const tagEnd = buttonAt < 0 ? -1 : body.indexOf('>', buttonAt);
  const expandedAt = buttonAt < 0 ? -1 : body.indexOf(ARIA_EXPANDED, buttonAt);
  const dataAt = body.indexOf(PAGE_DATA);
  const jsonAt = dataAt < 0 ? -1 : body.indexOf(NO_PREFERRED, dataAt);
  if (textAt < 0 || textEnd < 0 || expandedAt < 0 || expandedAt >= tagEnd || jsonAt < 0)
    return { cuts: [], defaults: {} };
  const textStart = textAt + TRIGGER_TEXT_OPEN.length;
  const attrAt = expandedAt + ARIA_EXPANDED.length;
  const valueAt = jsonAt + NO_PREFERRED.length - 'null'.length;
  return {
    cuts: [
      { start: textStart, end: textEnd, hole: 'pickerText' },
      { start: attrAt, end: attrAt, hole: 'pickerAttr' },
      { start: valueAt, end: valueAt + 4, hole: 'pickerJson' },
    ],
    defaults: { pickerText: body.toString('utf8', textStart, textEnd), pickerAttr: '', pickerJson: 'null' },
  };
}

/** The page's language, from its <html lang>. */
export function languageOf(body: Buffer): string {
  return /<html lang="([\w-]{1,20})"/.exec(body.toString('latin1', 0, Math.min(body.length, 300)))?.[1] ?? 'en';
}

/**
 * A render made without the visitor's saved location (its 'li' cookie taken away in case it could
 * be stored) that is sent without being stored: the picker's parts filled in for this visitor.
 */
export function withPickerFilled(body: Buffer, fills: Partial<HoleValues>): Buffer {
  if (fills.pickerJson === undefined) return body;
  const cuts = pickerCuts(body).cuts.sort((a, b) => a.start - b.start);
  if (cuts.length === 0) return body;
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(body.subarray(from, cut.start), Buffer.from(fills[cut.hole] ?? ''));
    from = cut.end;
  }
  parts.push(body.subarray(from));
  return Buffer.concat(parts);
}
