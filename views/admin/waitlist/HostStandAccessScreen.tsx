import { CsrfField } from '../CsrfField';

/** Who may run which host stand (/wagtail/waitlist/access/). */
export function HostStandAccessScreen({
  grants,
  groups,
  csrfToken,
  error,
}: {
  grants: {
    id: number;
    rlid: number | null;
    group_name: string;
    city: string | null;
    state: string | null;
    address1: string | null;
  }[];
  groups: { id: number; name: string }[];
  csrfToken: string;
  error?: string;
}) {
  return (
    <div className="admin-page">
      <h1>Host stand access</h1>
      <p>Members of a group may run the host stand of the restaurants given to the group (or of every restaurant).</p>
      {error ? (
        <p className="admin-message admin-message--error" role="alert">
          {error}
        </p>
      ) : null}
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">Restaurant</th>
            <th scope="col">Remove</th>
          </tr>
        </thead>
        <tbody>
          {grants.map((g) => (
            <tr key={g.id}>
              <td>{g.group_name}</td>
              <td>{g.rlid === null ? 'Every restaurant' : `${g.rlid}: ${g.city}, ${g.state} — ${g.address1}`}</td>
              <td>
                <form method="post" action={`/wagtail/waitlist/access/${g.id}/delete/`}>
                  <CsrfField token={csrfToken} />
                  <button
                    type="submit"
                    className="admin-button admin-button--danger"
                    aria-label={`Remove ${g.group_name}'s access`}
                  >
                    Remove
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Give access</h2>
      <form method="post" action="/wagtail/waitlist/access/" className="host-stand__form">
        <CsrfField token={csrfToken} />
        <label htmlFor="grant-group">Group</label>
        <select id="grant-group" name="group">
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        <label htmlFor="grant-rlid">Restaurant id (empty: every restaurant)</label>
        <input id="grant-rlid" name="rlid" inputMode="numeric" />
        <button type="submit" className="admin-button">
          Give access
        </button>
      </form>
    </div>
  );
}
