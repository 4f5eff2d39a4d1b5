import { useState } from 'react';
import { ChooserTrigger } from '../choosers/ChooserDialog';
import { pageChooser } from '../choosers/page-chooser';
import type { ApiPageItem } from '../choosers/page-chooser';
import { emptyLink, moved, movedTo, type LinkRow } from './rows';

/** What the link list needs from the editor: focus and announcements after a move, page titles. */
export type ListContext = {
  announce(text: string): void;
  focusLater(selector: string): void;
  pageTitles: ReadonlyMap<number, string>;
  rememberPage(id: number, title: string): void;
};

const nameOf = (row: LinkRow) => (row.label ? `“${row.label}”` : 'the unnamed link');

/**
 * The links of a section, or the links under a link (`depth` 2): each with its name, a page
 * (chosen in the page chooser) or an address, and Move up, Move down, Remove; a handle drags it
 * within its list. Every move is possible by keyboard with the buttons, and announced.
 */
export function LinkList({
  links,
  onChange,
  depth,
  idPrefix,
  context,
  where,
}: {
  links: LinkRow[];
  onChange(links: LinkRow[]): void;
  depth: 1 | 2;
  idPrefix: string;
  context: ListContext;
  /** The list's owner in words, for button context ('section Menu'). */
  where: string;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const update = (index: number, patch: Partial<LinkRow>) =>
    onChange(links.map((row, i) => (i === index ? { ...row, ...patch, error: undefined } : row)));
  const move = (index: number, by: number) => {
    const row = links[index]!;
    const next = moved(links, index, by);
    onChange(next);
    const position = index + by + 1;
    context.announce(`Moved ${nameOf(row)} to position ${position} of ${links.length}.`);
    // Focus stays on the button pressed; at either end, on the other direction's button.
    const edge = (by < 0 && position === 1) || (by > 0 && position === links.length);
    context.focusLater(`[data-move="${row.key}:${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}"]`);
  };
  const remove = (index: number) => {
    const row = links[index]!;
    onChange(links.filter((_, i) => i !== index));
    context.announce(`Removed ${nameOf(row)}.`);
    context.focusLater(`[data-add-link="${idPrefix}"]`);
  };
  const add = () => {
    const row = emptyLink();
    onChange([...links, row]);
    context.focusLater(`#${idPrefix}-${row.key}-label`);
  };
  const noun = depth === 1 ? 'link' : 'sub-link';
  return (
    <>
      <ol className="admin-menu-editor__links">
        {links.map((row, index) => {
          const id = `${idPrefix}-${row.key}`;
          const error = row.error;
          const title = row.page !== null ? context.pageTitles.get(row.page) : undefined;
          return (
            <li
              key={row.key}
              className={`admin-menu-editor__link${dragging === index ? ' admin-menu-editor__link--dragging' : ''}`}
              draggable={dragging === index}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', row.key);
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (dragging !== null) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging === null) return;
                onChange(movedTo(links, dragging, index));
                context.announce(`Moved ${nameOf(links[dragging]!)} to position ${index + 1} of ${links.length}.`);
                setDragging(null);
              }}
            >
              <div className="admin-menu-editor__row">
                <span
                  className="admin-menu-editor__handle"
                  aria-hidden="true"
                  title="Drag to reorder"
                  onPointerDown={() => setDragging(index)}
                  onPointerUp={() => setDragging(null)}
                >
                  ⠿
                </span>
                <div className={`admin-field${error?.field === 'label' ? ' admin-field--error' : ''}`}>
                  <label htmlFor={`${id}-label`}>{`${depth === 1 ? 'Link' : 'Sub-link'} ${index + 1}: name`}</label>
                  <input
                    id={`${id}-label`}
                    type="text"
                    value={row.label}
                    maxLength={80}
                    autoComplete="off"
                    aria-invalid={error?.field === 'label' ? true : undefined}
                    aria-describedby={error?.field === 'label' ? `${id}-error` : undefined}
                    onChange={(event) => update(index, { label: event.target.value })}
                  />
                  {error?.field === 'label' ? <ErrorNote id={`${id}-error`} message={error.message} /> : null}
                </div>
                <div
                  className={`admin-field admin-menu-editor__target${error?.field === 'target' ? ' admin-field--error' : ''}`}
                >
                  {row.page !== null ? (
                    <div role="group" aria-labelledby={`${id}-page-label`}>
                      <span className="admin-field__label" id={`${id}-page-label`}>
                        Page
                      </span>
                      <span className="admin-menu-editor__chosen" id={`${id}-page`}>
                        {title ? `${title} (page ${row.page})` : `Page ${row.page}`}
                      </span>
                      <div className="admin-menu-editor__buttons">
                        <PageButton
                          label={`Change page for ${nameOf(row)}`}
                          row={row}
                          context={context}
                          index={index}
                          update={update}
                        />
                        <button
                          type="button"
                          className="admin-button admin-button--secondary"
                          onClick={() => update(index, { page: null })}
                        >
                          Use an address<span className="visually-hidden">{` for ${nameOf(row)}`}</span>
                        </button>
                      </div>
                    </div>
                  ) : (
                    <>
                      <label htmlFor={`${id}-url`}>Address</label>
                      <div className="admin-menu-editor__buttons">
                        <input
                          id={`${id}-url`}
                          type="text"
                          value={row.url}
                          maxLength={2000}
                          autoComplete="off"
                          placeholder="/menu/ or https://…"
                          aria-invalid={error?.field === 'target' ? true : undefined}
                          aria-describedby={error?.field === 'target' ? `${id}-error` : undefined}
                          onChange={(event) => update(index, { url: event.target.value })}
                        />
                        <PageButton
                          label={`Choose a page for ${nameOf(row)}`}
                          row={row}
                          context={context}
                          index={index}
                          update={update}
                        />
                      </div>
                    </>
                  )}
                  {error?.field === 'target' ? <ErrorNote id={`${id}-error`} message={error.message} /> : null}
                </div>
                <div className="admin-menu-editor__buttons" role="group" aria-label={`Order of ${nameOf(row)}`}>
                  <button
                    type="button"
                    className="admin-button admin-button--secondary"
                    data-move={`${row.key}:up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Move up<span className="visually-hidden">{` ${nameOf(row)}`}</span>
                  </button>
                  <button
                    type="button"
                    className="admin-button admin-button--secondary"
                    data-move={`${row.key}:down`}
                    disabled={index === links.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Move down<span className="visually-hidden">{` ${nameOf(row)}`}</span>
                  </button>
                  <button type="button" className="admin-button admin-button--danger" onClick={() => remove(index)}>
                    Remove<span className="visually-hidden">{` ${nameOf(row)}`}</span>
                  </button>
                </div>
              </div>
              {depth === 1 ? (
                <div className="admin-menu-editor__children">
                  <LinkList
                    links={row.children}
                    onChange={(children) => update(index, { children })}
                    depth={2}
                    idPrefix={`${id}-c`}
                    context={context}
                    where={nameOf(row)}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button type="button" className="admin-button admin-button--secondary" data-add-link={idPrefix} onClick={add}>
        {`Add a ${noun}`}
        <span className="visually-hidden">{` to ${where}`}</span>
      </button>
    </>
  );
}

function PageButton({
  label,
  row,
  index,
  context,
  update,
}: {
  label: string;
  row: LinkRow;
  index: number;
  context: ListContext;
  update(index: number, patch: Partial<LinkRow>): void;
}) {
  return (
    <ChooserTrigger
      definition={pageChooser}
      trigger={
        <>
          {row.page !== null ? 'Change page' : 'Choose a page'}
          <span className="visually-hidden">{label.replace(/^(Change page|Choose a page)/, '')}</span>
        </>
      }
      onChoose={(item) => {
        const page = item.record as ApiPageItem;
        context.rememberPage(page.id, page.title);
        update(index, { page: page.id, url: '' });
      }}
    />
  );
}

function ErrorNote({ id, message }: { id: string; message: string }) {
  return (
    <p className="admin-field__error" id={id}>
      {message.charAt(0).toUpperCase() + message.slice(1)}
    </p>
  );
}
