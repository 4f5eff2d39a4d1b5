import { FieldNotes, describedBy } from './FormFields';

/** A chosen page as a form names it: its title and where it is ('Harborline Seafood › Catering'). */
export type ChosenPageView = { id: number; title: string; trail: string };

export const describeChosenPage = (page: { title: string; trail: string }) =>
  page.trail ? `${page.title} (in ${page.trail})` : page.title;

/**
 * One page chosen anywhere in the tree (a group's page permission). Without JavaScript it is a
 * text input for the page's number, as the viewsets' `page_chooser` widget; the admin script
 * (client/admin/page-choice/) replaces the input with the page chooser dialog, keeping the name.
 * The chosen page travels in `data-chosen` so the enhanced field can show it.
 */
export function PageChooserField({
  name,
  label,
  value,
  chosen,
  error,
  help,
}: {
  name: string;
  label: string;
  value: string;
  chosen?: ChosenPageView;
  error?: string;
  help: string;
}) {
  const id = `id_${name}`;
  const typedHelp = `${help} Without the chooser, type the number from the page’s edit address (/wagtail/pages/42/edit/).${
    chosen ? ` Chosen: ${describeChosenPage(chosen)}.` : ''
  }`;
  return (
    <div
      className={`admin-field${error ? ' admin-field--error' : ''}`}
      data-enhance="page-chooser"
      data-label={label}
      data-help={help}
      data-chosen={chosen ? JSON.stringify(chosen) : undefined}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        defaultValue={value}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, typedHelp, error)}
      />
      <FieldNotes id={id} help={typedHelp} error={error} />
    </div>
  );
}
