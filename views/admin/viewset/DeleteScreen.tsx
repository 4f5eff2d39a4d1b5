import type { DeleteView } from '../../../shared/admin/viewset';
import { CsrfField } from '../CsrfField';

const places = (n: number) => (n === 1 ? '1 place' : `${n} places`);

/** Delete one object or a bulk selection: what goes, where each is used, then one confirm button. */
export function DeleteScreen({ view, csrfToken }: { view: DeleteView; csrfToken: string }) {
  const one = view.items.length === 1;
  const what = one ? `this ${view.names.name}` : `these ${view.items.length} ${view.names.plural}`;
  const used = view.items.filter((item) => (item.usage ?? 0) > 0);
  return (
    <>
      <div className="admin-heading">
        <h1>{one ? `Delete ${view.items[0]!.title}` : `Delete ${view.items.length} ${view.names.plural}`}</h1>
      </div>
      {view.refusal ? (
        <div className="admin-errors" role="alert">
          <p>{view.refusal}</p>
        </div>
      ) : null}
      {used.length ? (
        <div className="admin-errors" role="alert">
          {one ? (
            <p>
              {`This ${view.names.name} is used in ${places(used[0]!.usage!)}. `}
              {used[0]!.usageHref ? <a href={used[0]!.usageHref}>See where it is used</a> : null}
            </p>
          ) : (
            <p>{`${used.length} of them are in use (${used.map((item) => `${item.title}: ${places(item.usage!)}`).join('; ')}).`}</p>
          )}
        </div>
      ) : null}
      {!one ? (
        <ul>
          {view.items.map((item) => (
            <li key={item.id}>{item.title}</li>
          ))}
        </ul>
      ) : null}
      {view.refusal ? (
        <p>
          <a className="admin-button admin-button--secondary" href={view.cancelHref}>
            Back
          </a>
        </p>
      ) : (
        <form method="post" action={view.action} className="admin-actions">
          <CsrfField token={csrfToken} />
          {!one ? view.items.map((item) => <input key={item.id} type="hidden" name="id" value={item.id} />) : null}
          {view.next ? <input type="hidden" name="next" value={view.next} /> : null}
          <p>{`Are you sure you want to delete ${what}?`}</p>
          <button type="submit" className="admin-button admin-button--danger">
            {used.length ? 'Yes, delete anyway' : 'Yes, delete'}
          </button>
          <a className="admin-button admin-button--secondary" href={view.cancelHref}>
            No, don't delete
          </a>
        </form>
      )}
    </>
  );
}
