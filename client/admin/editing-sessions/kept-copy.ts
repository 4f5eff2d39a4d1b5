import { fillForm, formFields } from './form-data';

/**
 * A copy of the edit form in localStorage while the session has expired, keyed by page and the
 * revision the form was opened on, so nothing typed is lost if the tab is closed before the user
 * signs in again. The tab that wrote it refreshes `heartbeat` while it is open: another tab does
 * not take over a copy whose own tab is still alive (that tab saves it once signed in again).
 */
type KeptCopy = {
  sessionKey: string;
  baseRevisionId: number | null;
  keptAt: number;
  heartbeat: number;
  fields: Record<string, string>;
};

const PREFIX = 'harborline:edit:';
const keyOf = (pageId: number, base: number | null) => `${PREFIX}${pageId}:${base ?? 'none'}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage disabled: the copy in the open tab is all there is.
  }
}

function copiesOf(pageId: number): Array<{ key: string; copy: KeptCopy }> {
  const store = storage();
  if (!store) return [];
  const out: Array<{ key: string; copy: KeptCopy }> = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (!key?.startsWith(`${PREFIX}${pageId}:`)) continue;
    try {
      out.push({ key, copy: JSON.parse(store.getItem(key) ?? '') as KeptCopy });
    } catch {
      store.removeItem(key);
    }
  }
  return out;
}

export function keepCopy(pageId: number, sessionKey: string, base: number | null, form: HTMLFormElement): void {
  const store = storage();
  if (!store) return;
  const existing = copiesOf(pageId).find((c) => c.key === keyOf(pageId, base))?.copy;
  const now = Date.now();
  const copy: KeptCopy = {
    sessionKey,
    baseRevisionId: base,
    keptAt: existing?.sessionKey === sessionKey ? existing.keptAt : now,
    heartbeat: now,
    fields: formFields(form),
  };
  try {
    store.setItem(keyOf(pageId, base), JSON.stringify(copy));
  } catch {
    // Quota exceeded: the open tab still holds the input.
  }
}

/** Forgets the page's kept copies (saved, or submitted by hand). */
export function dropCopies(pageId: number): void {
  for (const { key } of copiesOf(pageId)) storage()?.removeItem(key);
}

export type Restored =
  { kind: 'restored'; keptAt: number; baseRevisionId: number | null } | { kind: 'elsewhere' } | null;

/**
 * On opening the editor: puts the newest kept copy back into the form, with the revision it was
 * typed on as the form's base (a newer version saved meanwhile then asks before overwriting).
 * Runs before the block editor reads its textarea. A copy whose tab is alive is left to that tab.
 */
export function restoreCopy(
  pageId: number,
  form: HTMLFormElement,
  baseInput: HTMLInputElement,
  staleAfterMs: number,
): Restored {
  const newest = copiesOf(pageId).sort((a, b) => b.copy.keptAt - a.copy.keptAt)[0]?.copy;
  if (!newest) return null;
  if (Date.now() - newest.heartbeat < staleAfterMs) return { kind: 'elsewhere' };
  const current = formFields(form);
  const differs = Object.entries(newest.fields).some(
    ([name, value]) => current[name] !== undefined && current[name] !== value,
  );
  if (!differs) {
    dropCopies(pageId);
    return null;
  }
  fillForm(form, newest.fields);
  baseInput.value = newest.baseRevisionId === null ? '' : String(newest.baseRevisionId);
  return { kind: 'restored', keptAt: newest.keptAt, baseRevisionId: newest.baseRevisionId };
}
