/** Article and press dates in the spec's M.d.yy format (e.g. 2026-03-07 -> 3.7.26), time-zone free. */
export function formatShortDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match;
  return `${Number(month)}.${Number(day)}.${year!.slice(2)}`;
}
