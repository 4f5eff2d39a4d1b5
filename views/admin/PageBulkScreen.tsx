import type { BulkConfirmView, BulkPlanRow, BulkSkip } from '../../shared/admin/page-bulk';
import { BULK_ACTION_LABELS, type BulkActionName } from '../../shared/schemas/page-bulk';
import { CsrfField } from './CsrfField';
import { FormErrorSummary } from './FormFields';
import { bulkActionUrl } from './PageBulkBar';

const VERB: Record<BulkActionName, string> = {
  publish: 'published',
  unpublish: 'unpublished',
  move: 'moved',
  delete: 'deleted',
};

const pages = (n: number) => (n === 1 ? '1 page' : `${n} pages`);

function PageList({ rows }: { rows: Array<BulkPlanRow | BulkSkip> }) {
  return (
    <ul className="admin-bulk-list">
      {rows.map((row) => (
        <li key={row.id}>
          <a href={`/wagtail/pages/${row.id}/edit/`}>{row.title}</a>
          {'reason' in row ? ` — ${row.reason}` : row.note ? ` — ${row.note}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The ids that carry the selection to the next step (hidden fields of a form). */
function SelectionFields({ view, ids }: { view: BulkConfirmView; ids: number[] }) {
  return (
    <>
      {ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <input type="hidden" name="next" value={view.next} />
    </>
  );
}

/**
 * A bulk action's confirmation (Wagtail's bulk action screens): the pages it will act on, then,
 * apart, those it will skip because the user may not (permission) or because of their state, and
 * selected ids that no longer name a page. Move first asks for the new parent (a GET back to this
 * screen), then confirms. The confirm button posts the pages to act on, with the CSRF token.
 */
export function PageBulkScreen({ view, csrfToken }: { view: BulkConfirmView; csrfToken: string }) {
  const { action } = view;
  const label = BULK_ACTION_LABELS[action];
  const choosing = action === 'move' && !view.destination;
  const title =
    action === 'move' && view.destination
      ? `Move ${pages(view.act.length)} to '${view.destination.title}'`
      : `${label} ${pages(view.act.length)}`;
  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="admin-muted admin-heading__kicker">{`Bulk ${label.toLowerCase()}`}</p>
          <h1>{title}</h1>
        </div>
        <a className="admin-button admin-button--secondary" href={view.next}>
          Cancel
        </a>
      </div>
      <FormErrorSummary show={view.errors.length > 0} nonFieldErrors={view.errors}>
        Nothing was changed:
      </FormErrorSummary>
      <section aria-labelledby="bulk-act">
        <h2 id="bulk-act">{`Will be ${VERB[action]} (${view.act.length})`}</h2>
        {view.act.length ? <PageList rows={view.act} /> : <p>None of the selected pages.</p>}
      </section>
      {view.skippedByPermission.length ? (
        <section aria-labelledby="bulk-denied">
          <h2 id="bulk-denied">{`Skipped: you do not have permission (${view.skippedByPermission.length})`}</h2>
          <PageList rows={view.skippedByPermission} />
        </section>
      ) : null}
      {view.skippedByState.length ? (
        <section aria-labelledby="bulk-state">
          <h2 id="bulk-state">{`Skipped because of their state (${view.skippedByState.length})`}</h2>
          <PageList rows={view.skippedByState} />
        </section>
      ) : null}
      {view.missing.length ? (
        <p className="admin-warning">{`${pages(view.missing.length)} selected no longer exist and will be skipped.`}</p>
      ) : null}
      {view.act.length === 0 ? null : choosing ? (
        <form method="get" action={bulkActionUrl(action)} className="admin-form">
          {/* Every selected page goes on, so the next screen still says which are skipped and why. */}
          <SelectionFields
            view={view}
            ids={[...view.act, ...view.skippedByPermission, ...view.skippedByState].map((row) => row.id)}
          />
          <div className="admin-field">
            <label htmlFor="id_destination">New parent page</label>
            <select id="id_destination" name="destination" required defaultValue="">
              <option value="" disabled>
                Choose a page
              </option>
              {(view.destinations ?? []).map((destination) => (
                <option key={destination.id} value={destination.id}>
                  {`${'— '.repeat(Math.max(0, destination.depth - 2))}${destination.title}`}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="admin-button admin-button--primary">
            Continue
          </button>
        </form>
      ) : (
        <form method="post" action={bulkActionUrl(action)} className="admin-form">
          <CsrfField token={csrfToken} />
          <SelectionFields view={view} ids={view.act.map((row) => row.id)} />
          {view.destination ? <input type="hidden" name="destination" value={view.destination.id} /> : null}
          <p>{action === 'delete' ? 'This cannot be undone.' : 'Each page is handled on its own.'}</p>
          <button
            type="submit"
            className={`admin-button ${action === 'delete' ? 'admin-button--danger' : 'admin-button--primary'}`}
          >
            {`Yes, ${label.toLowerCase()} ${pages(view.act.length)}`}
          </button>
        </form>
      )}
    </>
  );
}
