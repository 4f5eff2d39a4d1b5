/** The host stand's restaurant list (/wagtail/waitlist/). */
export type HostRestaurant = {
  rlid: number;
  city: string;
  state: string;
  address1: string;
  wait_list_ready: boolean | null;
  is_reservations_enabled: boolean;
  paused: boolean | null;
  waiting: number | null;
};

export function HostStandListScreen({ restaurants, q }: { restaurants: HostRestaurant[]; q: string }) {
  return (
    <div className="admin-page">
      <h1>Wait list</h1>
      <form method="get" action="/wagtail/waitlist/" role="search" className="host-search">
        <label htmlFor="host-q">Find a restaurant</label> <input id="host-q" name="q" defaultValue={q} />{' '}
        <button type="submit" className="admin-button admin-button--secondary">
          Search
        </button>
      </form>
      {restaurants.length === 0 ? (
        <p>No restaurant to manage. Ask an administrator to give your group access to a restaurant's host stand.</p>
      ) : (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Restaurant</th>
                <th scope="col">Wait list</th>
                <th scope="col">Parties waiting</th>
                <th scope="col">Reservations</th>
              </tr>
            </thead>
            <tbody>
              {restaurants.map((r) => (
                <tr key={r.rlid}>
                  <td>
                    <a href={`/wagtail/waitlist/${r.rlid}/`}>
                      {r.city}, {r.state} — {r.address1}
                    </a>
                  </td>
                  <td>{r.wait_list_ready ? (r.paused ? 'Paused' : 'Open') : 'Not offered'}</td>
                  <td>{Number(r.waiting ?? 0)}</td>
                  <td>{r.is_reservations_enabled ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
