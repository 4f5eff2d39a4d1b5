import { useState } from 'react';
import { describedBy, FieldNotes } from '../../../views/admin/FormFields';
import { describeChosenPage, type ChosenPageView } from '../../../views/admin/PageChooserField';
import { ChooserTrigger } from '../choosers/ChooserDialog';
import { pageChooser, type ApiPageItem } from '../choosers/page-chooser';

/** What the field posts and shows: a page's number and its name, or a number typed that is no page. */
export type PageChoiceValue = { value: string; text: string } | null;

export const initialChoice = (chosen: ChosenPageView | undefined, typed: string): PageChoiceValue =>
  chosen
    ? { value: String(chosen.id), text: describeChosenPage(chosen) }
    : typed
      ? { value: typed, text: `“${typed}”, typed: not a page` }
      : null;

/**
 * One page chosen in the page chooser (the dialog the block editor and the menu editor use), any
 * depth in the tree: the chosen page's name, Choose / Change and Clear. It posts the page's number
 * under the field's name, as the text input it replaces did.
 */
export function PageChoice({
  name,
  label,
  help,
  error,
  initial,
}: {
  name: string;
  label: string;
  help: string;
  error?: string;
  initial: PageChoiceValue;
}) {
  const [choice, setChoice] = useState(initial);
  const [shownError, setShownError] = useState(error);
  const id = `id_${name}`;
  return (
    <div className={`admin-field admin-chooser-field${shownError ? ' admin-field--error' : ''}`} data-field={name}>
      <span className="admin-field__label" id={`${id}-label`}>
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy(id, help, shownError)}
        className="admin-chooser-field__body"
      >
        <input type="hidden" name={name} value={choice?.value ?? ''} />
        <span className="admin-chooser-field__chosen" id={`${id}-chosen`}>
          {choice?.text ?? 'No page chosen'}
        </span>
        <ChooserTrigger
          definition={pageChooser}
          trigger={
            <>
              {choice ? 'Change page' : 'Choose a page'}
              <span className="visually-hidden">{` for ${label}`}</span>
            </>
          }
          onChoose={(item) => {
            const page = item.record as ApiPageItem;
            setChoice({ value: String(page.id), text: `${page.title}${item.detail ? ` (${item.detail})` : ''}` });
            setShownError(undefined);
          }}
        />
        {choice ? (
          <button type="button" className="admin-button admin-button--secondary" onClick={() => setChoice(null)}>
            Clear<span className="visually-hidden">{` ${label}`}</span>
          </button>
        ) : null}
      </div>
      <FieldNotes id={id} help={help} error={shownError} />
    </div>
  );
}
