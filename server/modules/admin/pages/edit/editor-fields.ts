import { parseEmailList } from '../../../../../shared/schemas/email-list';
import type { EditorFieldView } from '../../../../../views/admin/EditorFields';
import type { PageTypeDefinition } from '../../../pages/page-type';
import type { PageContent } from '../../../pages/table';

/** What the user typed in a page type's editor fields, and each one's error. */
export type EditorFieldsInput = { values: Record<string, string>; errors: Record<string, string> };

const fieldsOf = (pageType: PageTypeDefinition | undefined) => pageType?.editorFields ?? [];

/** The content without the editor fields: what the block editor's JSON shows, so each value has one home. */
export function withoutEditorFields(pageType: PageTypeDefinition | undefined, content: PageContent): PageContent {
  const names = new Set(fieldsOf(pageType).map((field) => field.name));
  return names.size ? Object.fromEntries(Object.entries(content).filter(([key]) => !names.has(key))) : content;
}

/**
 * Reads the editor fields the form posted (absent ones are left alone: the content keeps its
 * value). `patch` holds the parsed values to put into the content; `errors` one message a field.
 */
export function readEditorFields(
  pageType: PageTypeDefinition | undefined,
  body: Record<string, unknown>,
): EditorFieldsInput & { patch: PageContent } {
  const input: EditorFieldsInput & { patch: PageContent } = { values: {}, errors: {}, patch: {} };
  for (const field of fieldsOf(pageType)) {
    const raw = body[field.name];
    if (raw === undefined) continue;
    const text = typeof raw === 'string' ? raw.slice(0, 10_000) : '';
    input.values[field.name] = text;
    if (typeof raw !== 'string') {
      input.errors[field.name] = 'Enter the addresses as text, one a line.';
      continue;
    }
    const parsed = parseEmailList(text);
    if (parsed.ok) input.patch[field.name] = parsed.emails;
    else input.errors[field.name] = parsed.error;
  }
  return input;
}

/** The editor fields as the screen shows them: what was typed (after an error), else the content's value. */
export function editorFieldViews(
  pageType: PageTypeDefinition | undefined,
  content: PageContent,
  typed?: EditorFieldsInput,
): EditorFieldView[] {
  return fieldsOf(pageType).map((field) => {
    const stored = content[field.name];
    const value =
      typed?.values[field.name] ??
      (Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string').join('\n') : '');
    return { name: field.name, label: field.label, help: field.help, value, error: typed?.errors[field.name] };
  });
}
