/**
 * The active section: the last one whose top has scrolled above the activation line (a third of
 * the way down the viewport); before the first section, none.
 */
export function activeSection(tops: Array<{ slug: string; top: number }>, activationLine: number): string | null {
  let active: string | null = null;
  for (const { slug, top } of tops) if (top <= activationLine) active = slug;
  return active;
}
