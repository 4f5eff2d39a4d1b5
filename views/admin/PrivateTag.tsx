/**
 * The "Private" marker of the explorer and the editor (Wagtail's privacy indicator): words with
 * a tint, never the tint alone. `inherited` says the restriction sits on an ancestor.
 */
export function PrivateTag({ inherited = false }: { inherited?: boolean }) {
  return (
    <span
      className="admin-status admin-status--private"
      title={inherited ? 'Private because of a parent page' : 'Private'}
    >
      Private
      {inherited ? <span className="visually-hidden"> (set on a parent page)</span> : null}
    </span>
  );
}
