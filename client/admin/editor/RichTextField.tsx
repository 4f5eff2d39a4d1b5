import { lazy, Suspense } from 'react';

/**
 * The rich text editor (TipTap/ProseMirror, ~100 KB gzipped) is its own chunk, fetched the
 * first time a block with rich text is shown; until it arrives the field is the textarea of
 * HTML it replaces, so nothing typed meanwhile is lost.
 */
const RichTextEditor = lazy(() => import('../rich-text/RichTextEditor'));

type Props = {
  id: string;
  name: string;
  label: string;
  required: boolean;
  value: string;
  onChange(html: string): void;
  footer: React.ReactNode;
  describedBy?: string;
  invalid: boolean;
};

export function RichTextField({ id, name, label, required, value, onChange, footer, describedBy, invalid }: Props) {
  const labelId = `${id}-label`;
  return (
    <div
      className={`admin-field admin-rich-text-field${invalid ? ' admin-field--error' : ''}`}
      data-field={name}
      data-widget="rich_text"
    >
      {/* A label's click focuses only form controls; the editor is a contenteditable. */}
      <label id={labelId} htmlFor={id} onClick={() => document.getElementById(id)?.focus()}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Suspense
        fallback={
          <textarea
            id={id}
            rows={8}
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange(e.target.value)}
          />
        }
      >
        <RichTextEditor
          id={id}
          labelId={labelId}
          label={label}
          describedBy={describedBy}
          invalid={invalid}
          value={value}
          onChange={onChange}
        />
      </Suspense>
      {footer}
    </div>
  );
}
