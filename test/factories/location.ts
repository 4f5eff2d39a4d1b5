import type { Db } from '../../server/db';
import type { NewLocationRow } from '../../server/modules/locations/table';

let next = 900_000;

/** Every day, all day (a close equal to the open runs to the same time the next day). */
export const ALL_DAY = JSON.stringify(
  [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: '00:00', close: '00:00' })),
);

/** A restaurant for wait-list and reservation tests: open all day, both services on unless overridden. */
export async function createTestLocation(
  db: Db,
  overrides: Partial<NewLocationRow> = {},
): Promise<NewLocationRow & { rlid: number }> {
  const rlid = next++;
  const row: NewLocationRow & { rlid: number } = {
    rlid,
    restaurant_number: `T${rlid}`,
    address1: `${rlid} Harbor Way`,
    address2: null,
    city: 'Orlando',
    state: 'FL',
    state_name: 'Florida',
    country: 'US',
    country_root_url: null,
    zip: '32801',
    latitude: 28.54,
    longitude: -81.38,
    time_zone: 'America/New_York',
    hours: ALL_DAY,
    curbside_hours: '[]',
    delivery_hours: '[]',
    special_hours: '[]',
    phone: '(407) 555-0100',
    has_curbside: false,
    has_delivery: false,
    has_online_ordering: true,
    has_take_out: true,
    is_dining_room_opened: true,
    is_temporarily_closed: false,
    outside_dining: false,
    is_reservations_enabled: true,
    reopen_date: null,
    local_page_url: `test-orlando-fl-${rlid}`,
    estimated_wait_time: '45 min',
    wait_list_max_party_size: 8,
    wait_list_ready: true,
    map_image_url_mobile: null,
    map_image_url_desktop: null,
    state_slug: 'florida',
    city_slug: 'orlando',
    line1_slug: `${rlid}-harbor-way`,
    ...overrides,
  };
  await db.insertInto('locations').values(row).execute();
  return row;
}
