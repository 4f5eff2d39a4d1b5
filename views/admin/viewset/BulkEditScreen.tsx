import type { BulkEditView } from '../../../shared/admin/viewset';
import { CsrfField } from '../CsrfField';
import { FormErrorSummary } from '../FormFields';
import { ViewSetField } from './ViewSetField';

function RowList({ rows, reason }: { rows: BulkEditView['act']; reason?: string }) {
  return (
    <ul className="admin-bulk-list">
      {rows.map((row) => (
        <li key={row.id}>
          {row.href ? <a href={row.href}>{row.title || '(blank)'}</a> : row.title || '(blank)'}
          {reason ? ` — ${reason}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * A media bulk action's confirmation (Wagtail's bulk action screens, as the page listing's): the
 * rows it will change, then, apart, those it skips because the user may not change them, and
 * selected ids that no longer name anything; then the one field (the collection, the tags) and
 * the button, posting the rows to act on with the CSRF token. A refused field keeps what was typed.
 */
export function BulkEditScreen({ view, csrfToken }: { view: BulkEditView; csrfToken: string }) {
  const { names } = view;
  const count = (n: number) => (n === 1 ? `1 ${names.name}` : `${n} ${names.plural}`);
  const summary = view.error ? [{ name: view.field.name, label: view.field.label, message: view.error }] : [];
  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="admin-muted admin-heading__kicker">{`Bulk ${view.label.toLowerCase()}`}</p>
          <h1>{view.title}</h1>
        </div>
        <a className="admin-button admin-button--secondary" href={view.next}>
          Cancel
        </a>
      </div>
      <FormErrorSummary show={summary.length > 0} nonFieldErrors={[]} fields={summary}>
        Nothing was changed:
      </FormErrorSummary>
      <section aria-labelledby="bulk-act">
        <h2 id="bulk-act">{`Will be changed (${view.act.length})`}</h2>
        {view.act.length ? <RowList rows={view.act} /> : <p>{`None of the selected ${names.plural}.`}</p>}
      </section>
      {view.skipped.length ? (
        <section aria-labelledby="bulk-denied">
          <h2 id="bulk-denied">{`Skipped: you do not have permission (${view.skipped.length})`}</h2>
          <RowList rows={view.skipped} reason="outside the collections you may change" />
        </section>
      ) : null}
      {view.missing ? (
        <p className="admin-warning">{`${count(view.missing)} selected no longer exist and will be skipped.`}</p>
      ) : null}
      {view.act.length === 0 ? null : (
        <form method="post" action={view.action} className="admin-form" noValidate>
          <CsrfField token={csrfToken} />
          {view.act.map((row) => (
            <input key={row.id} type="hidden" name="id" value={row.id} />
          ))}
          <input type="hidden" name="next" value={view.next} />
          <ViewSetField field={view.field} value={view.value} error={view.error} />
          <p>{`Each ${names.name} is handled on its own.`}</p>
          <button type="submit" className="admin-button admin-button--primary">
            {`Yes, ${view.title.charAt(0).toLowerCase()}${view.title.slice(1)}`}
          </button>
        </form>
      )}
    </>
  );
}
