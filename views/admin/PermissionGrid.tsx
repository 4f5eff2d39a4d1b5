import type { ReactNode } from 'react';

export type PermissionChoice = { value: string; label: string; help: string };
type GridRow = { id: number; name: string; permissions: readonly string[] };

/**
 * Permissions granted per object (page or collection), as Wagtail's permission formsets: a row per
 * object with a hidden input naming it, a checkbox per permission type. Unticking every box of a
 * row removes the row when the form is saved.
 */
export function PermissionGrid({
  headingId,
  objectLabel,
  rows,
  rowField,
  checkboxPrefix,
  choices,
  relation,
}: {
  headingId: string;
  objectLabel: string;
  rows: readonly GridRow[];
  /** The hidden input listing the rows (e.g. 'pages'); the checkboxes are `${checkboxPrefix}${id}`. */
  rowField: string;
  checkboxPrefix: string;
  choices: readonly PermissionChoice[];
  /** How a checkbox's name reads: 'Edit on Home', 'Change in Press'. */
  relation: 'on' | 'in';
}) {
  // The table scrolls on its own on a phone (six permission columns); its checkboxes keep it reachable by keyboard.
  return (
    <div className="admin-table-scroll">
      <table className="admin-table admin-table--viewset" aria-labelledby={headingId}>
        <PermissionTableHead objectLabel={objectLabel} choices={choices} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                {row.name}
                <input type="hidden" name={rowField} value={row.id} />
              </th>
              {choices.map((choice) => (
                <td key={choice.value}>
                  <input
                    type="checkbox"
                    name={`${checkboxPrefix}${row.id}`}
                    value={choice.value}
                    defaultChecked={row.permissions.includes(choice.value)}
                    aria-label={`${choice.label} ${relation} ${row.name}`}
                    title={choice.help}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The header row of a permission table: the object's column, then one column per permission type. */
export function PermissionTableHead({
  objectLabel,
  choices,
}: {
  objectLabel: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <thead>
      <tr>
        <th scope="col">{objectLabel}</th>
        {choices.map((choice) => (
          <th scope="col" key={choice.value}>
            {choice.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** "Grant permissions on another …": the object to add (a select, or the page chooser) and the types to grant on it. */
export function GrantFieldset({
  legend,
  object,
  permissions,
}: {
  legend: string;
  object: ReactNode;
  permissions: {
    name: string;
    legend: string;
    choices: readonly PermissionChoice[];
    checked: readonly string[];
    error?: string;
  };
}) {
  const id = (suffix: string) => `id_${permissions.name}${suffix}`;
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {object}
      <fieldset
        className={`admin-field admin-fieldset${permissions.error ? ' admin-field--error' : ''}`}
        aria-describedby={permissions.error ? id('-error') : undefined}
      >
        <legend>{permissions.legend}</legend>
        {permissions.choices.map((choice, index) => (
          <div key={choice.value} className="admin-field--checkbox">
            <input
              id={id(`_${index}`)}
              type="checkbox"
              name={permissions.name}
              value={choice.value}
              defaultChecked={permissions.checked.includes(choice.value)}
              aria-describedby={id(`_${index}-help`)}
            />
            <label htmlFor={id(`_${index}`)}>{choice.label}</label>
            <span className="admin-field__help" id={id(`_${index}-help`)}>{` ${choice.help}`}</span>
          </div>
        ))}
        {permissions.error ? (
          <p className="admin-field__error" id={id('-error')}>
            {permissions.error}
          </p>
        ) : null}
      </fieldset>
    </fieldset>
  );
}
