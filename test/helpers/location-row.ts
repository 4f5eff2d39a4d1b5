import type { NewLocationRow } from '../../server/modules/locations/table';
import type { LatLng } from '../../shared/locations/geo';

/** A plain Kansas restaurant at `point` with every required column filled: the nearby-search suites place many of them. */
export function testLocationRow(rlid: number, point: LatLng): NewLocationRow & { rlid: number } {
  return {
    rlid,
    restaurant_number: `N${rlid}`,
    address1: `${rlid} Test Way`,
    city: 'Testville',
    state: 'KS',
    state_name: 'Kansas',
    country: 'US',
    zip: '66000',
    latitude: point.latitude,
    longitude: point.longitude,
    time_zone: 'America/Chicago',
    phone: '(785) 555-0100',
    state_slug: 'kansas',
    city_slug: 'testville',
    line1_slug: `${rlid}-test-way`,
    hours: '[]',
    curbside_hours: '[]',
    delivery_hours: '[]',
    special_hours: '[]',
    has_curbside: false,
    has_delivery: false,
    has_online_ordering: false,
    has_take_out: true,
    is_dining_room_opened: true,
    is_temporarily_closed: false,
    outside_dining: false,
    is_reservations_enabled: false,
  };
}
