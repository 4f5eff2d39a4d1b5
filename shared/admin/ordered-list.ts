/**
 * Reordering an ordered list, as pure functions shared by the structured editors in the browser
 * (header menu, workflow tasks) and the server's no-JavaScript form buttons (Move up / Move down).
 */

/** Moves the item at `index` by `by` (-1 up, +1 down); out of range leaves the list as it is. */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  return movedTo(list, index, index + by);
}

/** Moves the item at `from` to `to` (drag and drop within one list); out of range changes nothing. */
export function movedTo<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
