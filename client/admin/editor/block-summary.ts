const MAX = 70;

/** Text of a value's first non-empty string, depth first (a heading's text, a card's title...), tags removed. */
function firstText(value: unknown, depth = 0): string {
  if (depth > 6 || value === null || value === undefined) return '';
  if (typeof value === 'string') {
    // Rich text is HTML; ids, URLs and colour names are not what a reader calls the block.
    const text = value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    return /^(https?:\/\/|\/|#)/.test(text) ? '' : text;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item, depth + 1);
      if (text) return text;
    }
    return '';
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Headings and titles first: they say what the block is about.
    const keys = Object.keys(record).sort(
      (a, b) => Number(!/title|heading|text|name|label/i.test(a)) - Number(!/title|heading|text|name|label/i.test(b)),
    );
    for (const key of keys) {
      const text = firstText(record[key], depth + 1);
      if (text) return text;
    }
  }
  return '';
}

/** The one line a collapsed block card shows: its heading or first words, cut at a word. */
export function blockSummary(value: unknown): string {
  const text = firstText(value);
  if (text.length <= MAX) return text;
  const cut = text.slice(0, MAX);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 40 ? cut.lastIndexOf(' ') : MAX)}…`;
}
