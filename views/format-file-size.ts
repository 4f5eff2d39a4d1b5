/** File sizes as the spec prints them (section 4): decimal units (base 1000), one decimal ('2.4 MB'). */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999,950 bytes rounds to '1000.0 kB': carry it to the next unit.
  if (unit < units.length - 1 && Number(value.toFixed(1)) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}
