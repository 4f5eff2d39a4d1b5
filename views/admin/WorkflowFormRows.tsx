import type { ReactNode } from 'react';
import { FieldNotes, describedBy } from './FormFields';

/**
 * The workflow form's ordered tasks and its chosen pages, as rows with Move up, Move down and
 * Remove. The same markup serves both ways: rendered by the server, every button is a submit
 * button named `form_action` (the server redisplays the form with the change applied, nothing
 * saved); with `handlers` (client/admin/workflow-editor/), the buttons change the rows in place.
 * Either way the form posts `tasks` in order and `pages`.
 */

type Choice = { value: string; label: string };
export type TaskRowValue = { key: string; value: string };
/** A page on the list: `trail` names its ancestors (server), or `url` is its address (chosen in the browser). */
export type PageRowValue = { id: number; title: string; trail: string; url?: string };

export type TaskRowHandlers = {
  change(index: number, value: string): void;
  move(index: number, by: number): void;
  remove(index: number): void;
  add(): void;
  /** Drag and drop (the handle); the buttons do the same by keyboard. */
  drag?: { start(index: number): void; drop(index: number): void; end(): void; dragging: number | null };
};

const TASKS_HELP =
  'The page passes these tasks in this order; approving the last one publishes it. Only enabled tasks are offered.';
const PAGES_HELP =
  'The workflow applies to each page listed and its subpages, unless a page nearer to them has its own workflow. A page has one workflow: adding it here takes it from another.';

/** A button that is a submit button of the form (no JavaScript) or a plain button with a handler. */
function RowButton({
  action,
  onPress,
  danger,
  disabled,
  focus,
  data,
  children,
}: {
  action: string;
  onPress?: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** The control to focus after a redisplay (the server's `focus` value). */
  focus?: string;
  data?: Record<string, string>;
  children: ReactNode;
}) {
  const className = `admin-button ${danger ? 'admin-button--danger' : 'admin-button--secondary'}`;
  const common = { className, disabled, ...data };
  return onPress ? (
    <button type="button" {...common} onClick={onPress}>
      {children}
    </button>
  ) : (
    <button type="submit" {...common} name="form_action" value={action} autoFocus={focus === action && !disabled}>
      {children}
    </button>
  );
}

const taskName = (index: number, label: string | undefined) =>
  label ? `task ${index + 1}, ${label}` : `task ${index + 1}`;

export function WorkflowTaskRows({
  rows,
  choices,
  error,
  handlers,
  focus,
}: {
  rows: readonly TaskRowValue[];
  choices: readonly Choice[];
  error?: string;
  handlers?: TaskRowHandlers;
  focus?: string;
}) {
  const id = 'id_tasks';
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  const drag = handlers?.drag;
  return (
    <fieldset
      id={id}
      // Focusable only as the error summary's link target.
      tabIndex={error ? -1 : undefined}
      className={`admin-field admin-fieldset admin-row-list${error ? ' admin-field--error' : ''}`}
      aria-describedby={describedBy(id, TASKS_HELP, error)}
    >
      <legend>Tasks</legend>
      <FieldNotes id={id} help={TASKS_HELP} error={error} />
      {rows.length ? (
        <ol className="admin-row-list__rows">
          {rows.map((row, index) => {
            const name = taskName(index, labels.get(row.value));
            return (
              <li
                key={row.key}
                className={`admin-row-list__row${drag?.dragging === index ? ' admin-row-list__row--dragging' : ''}`}
                draggable={drag?.dragging === index}
                onDragStart={drag ? (event) => event.dataTransfer.setData('text/plain', row.key) : undefined}
                onDragOver={drag ? (event) => drag.dragging !== null && event.preventDefault() : undefined}
                onDrop={
                  drag
                    ? (event) => {
                        event.preventDefault();
                        drag.drop(index);
                      }
                    : undefined
                }
                onDragEnd={drag?.end}
              >
                {drag ? (
                  <span
                    className="admin-row-list__handle"
                    aria-hidden="true"
                    title="Drag to reorder"
                    onPointerDown={() => drag.start(index)}
                    onPointerUp={drag.end}
                  >
                    ⠿
                  </span>
                ) : null}
                <div className="admin-field">
                  <label htmlFor={`${id}_${index}`}>{`Task ${index + 1}`}</label>
                  <select
                    id={`${id}_${index}`}
                    name="tasks"
                    {...(handlers
                      ? { value: row.value, onChange: (event) => handlers.change(index, event.target.value) }
                      : { defaultValue: row.value, autoFocus: focus === `tasks:${index}` })}
                    aria-invalid={error ? true : undefined}
                  >
                    <option value="">Choose a task</option>
                    {choices.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="admin-row-list__buttons" role="group" aria-label={`Order of ${name}`}>
                  <RowButton
                    action={`task-up:${index}`}
                    onPress={handlers && (() => handlers.move(index, -1))}
                    disabled={index === 0}
                    focus={focus}
                    data={{ 'data-move': `${row.key}:up` }}
                  >
                    Move up<span className="visually-hidden">{` ${name}`}</span>
                  </RowButton>
                  <RowButton
                    action={`task-down:${index}`}
                    onPress={handlers && (() => handlers.move(index, 1))}
                    disabled={index === rows.length - 1}
                    focus={focus}
                    data={{ 'data-move': `${row.key}:down` }}
                  >
                    Move down<span className="visually-hidden">{` ${name}`}</span>
                  </RowButton>
                  <RowButton
                    action={`task-remove:${index}`}
                    onPress={handlers && (() => handlers.remove(index))}
                    danger
                    focus={focus}
                  >
                    Remove<span className="visually-hidden">{` ${name}`}</span>
                  </RowButton>
                </div>
              </li>
            );
          })}
        </ol>
      ) : (
        <p>No tasks yet.</p>
      )}
      <RowButton action="add-task" onPress={handlers?.add} focus={focus} data={{ 'data-add': 'task' }}>
        Add another task
      </RowButton>
    </fieldset>
  );
}

export function WorkflowPageRows({
  pages,
  error,
  onRemove,
  focus,
  adder,
}: {
  pages: readonly PageRowValue[];
  error?: string;
  onRemove?: (id: number) => void;
  focus?: string;
  /** How a page is added: the page chooser (enhanced), or a number typed with an Add button. */
  adder: ReactNode;
}) {
  const id = 'id_pages';
  return (
    <fieldset
      id={id}
      // Focusable only as the error summary's link target.
      tabIndex={error ? -1 : undefined}
      className={`admin-field admin-fieldset admin-row-list${error ? ' admin-field--error' : ''}`}
      aria-describedby={describedBy(id, PAGES_HELP, error)}
    >
      <legend>Assigned pages</legend>
      <FieldNotes id={id} help={PAGES_HELP} error={error} />
      {pages.length ? (
        <ul className="admin-row-list__rows">
          {pages.map((page) => (
            <li key={page.id} className="admin-row-list__row" data-page-row={page.id}>
              <input type="hidden" name="pages" value={page.id} />
              <span className="admin-row-list__chosen">
                <strong>{page.title}</strong>
                {page.trail || page.url ? (
                  <span className="admin-muted">{page.trail ? ` in ${page.trail}` : ` ${page.url}`}</span>
                ) : null}
              </span>
              <RowButton
                action={`page-remove:${page.id}`}
                onPress={onRemove && (() => onRemove(page.id))}
                danger
                focus={focus}
              >
                Remove<span className="visually-hidden">{` ${page.title}`}</span>
              </RowButton>
            </li>
          ))}
        </ul>
      ) : (
        <p>No pages yet: the workflow applies to none.</p>
      )}
      {adder}
    </fieldset>
  );
}

/** Without JavaScript a page is added by its number (in its edit address) and the Add button. */
export function PageNumberAdder({ value, error, focus }: { value: string; error?: string; focus?: string }) {
  const id = 'id_new_page';
  const help = 'The number in the page’s edit address (/wagtail/pages/42/edit/). With JavaScript, a page chooser.';
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`} data-page-adder>
      <label htmlFor={id}>Add a page</label>
      <div className="admin-row-list__buttons">
        <input
          id={id}
          name="new_page"
          type="text"
          inputMode="numeric"
          defaultValue={value}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, help, error)}
          autoFocus={focus === 'new_page'}
        />
        <RowButton action="page-add" focus={focus}>
          Add page
        </RowButton>
      </div>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}
