import { BULK_ACTION_LABELS, type BulkActionName } from '../../shared/schemas/page-bulk';

export const PAGE_BULK_FORM = 'page-bulk';
export const bulkActionUrl = (action: BulkActionName) => `/wagtail/bulk/wagtailcore/page/${action}/`;

/**
 * The bulk actions form and its action bar (Wagtail's bulk action footer). The rows' checkboxes
 * belong to this GET form through their `form` attribute; each action button sends the ticked ids
 * to its confirmation screen (formaction), which lists what will and will not happen. Only the
 * actions the user may do on some listed row are offered. With JavaScript, a "select all" box
 * and the count of selected pages appear (client/admin/page-bulk.ts).
 */
export function PageBulkBar({ actions, next }: { actions: BulkActionName[]; next: string }) {
  if (!actions.length) return null;
  return (
    <form
      id={PAGE_BULK_FORM}
      method="get"
      action={bulkActionUrl(actions[0]!)}
      className="admin-bulk"
      aria-label="Bulk actions"
      data-page-bulk
    >
      <input type="hidden" name="next" value={next} />
      <p className="admin-bulk__count" aria-live="polite" data-bulk-count>
        Tick pages, then choose an action:
      </p>
      {actions.map((action) => (
        <button
          key={action}
          type="submit"
          formAction={bulkActionUrl(action)}
          className={`admin-button ${action === 'delete' ? 'admin-button--danger' : 'admin-button--secondary'}`}
        >
          {`${BULK_ACTION_LABELS[action]} selected`}
        </button>
      ))}
    </form>
  );
}
