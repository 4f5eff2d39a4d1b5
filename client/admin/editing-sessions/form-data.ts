/** The edit form's own fields as name -> value (files and buttons aside), for autosave and kept copies. */
const NOT_CONTENT = new Set(['csrfmiddlewaretoken', 'base_revision_id', 'overwrite']);

export function formFields(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && !NOT_CONTENT.has(name)) out[name] = value;
  }
  return out;
}

/** Writes values back into the form's named fields (a kept copy being restored). */
export function fillForm(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    if (NOT_CONTENT.has(name)) continue;
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)
      field.value = value;
  }
}

/** Every CSRF field on the page gets the session's new token (after signing in again in another tab). */
export function replaceCsrfTokens(token: string): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[name="csrfmiddlewaretoken"]'))
    input.value = token;
}

export function currentCsrfToken(form: HTMLFormElement): string {
  const field = form.elements.namedItem('csrfmiddlewaretoken');
  return field instanceof HTMLInputElement ? field.value : '';
}
