import { expect } from 'chai';
import { haversineMiles } from '../../shared/locations/geo';
import { pickerSuffix } from '../../shared/locations/picker-text';
import type { DayHours, SpecialHours } from '../../shared/schemas/locations';
import { demoLocations } from '../../server/seed/location-demo-data';

/** The demo restaurants must show every rule of the spec somewhere (issue: "a demo with no dead ends"). */
describe('demo restaurants exercise every rule', () => {
  const rows = demoLocations();
  const asLocation = (row: (typeof rows)[number]) => ({
    isTemporarilyClosed: row.is_temporarily_closed,
    isDiningRoomOpened: row.is_dining_room_opened,
    outsideDining: row.outside_dining,
    hasDelivery: row.has_delivery,
    hasCurbside: row.has_curbside,
  });

  it('has all seven picker suffixes, each on several restaurants', () => {
    const counts = new Map<string, number>();
    for (const row of rows)
      counts.set(pickerSuffix(asLocation(row)), (counts.get(pickerSuffix(asLocation(row))) ?? 0) + 1);
    for (const suffix of [
      '(Restaurant Temporarily Closed)',
      '(Indoor/Outdoor Dining Available)',
      '(Indoor Dining Available)',
      '(Outdoor Dining Available)',
      '(Delivery Available)',
      '(Curbside Available)',
      '(Pick Up Only)',
    ]) {
      expect(counts.get(suffix) ?? 0, suffix).to.be.at.least(3);
    }
  });

  it('has reservations, a wait list, and neither', () => {
    expect(rows.some((row) => row.is_reservations_enabled)).to.equal(true);
    expect(rows.some((row) => !row.is_reservations_enabled && row.wait_list_ready === true)).to.equal(true);
    expect(rows.some((row) => !row.is_reservations_enabled && row.wait_list_ready !== true)).to.equal(true);
  });

  it('has overnight hours and a holiday closure', () => {
    const overnight = rows.filter((row) => (JSON.parse(row.hours) as DayHours[]).some((day) => day.close < day.open));
    expect(overnight.length).to.be.at.least(5);
    expect(rows.every((row) => (JSON.parse(row.special_hours) as SpecialHours[]).some((day) => day.closed))).to.equal(
      true,
    );
  });

  it('spans several US time zones and Canada', () => {
    const usZones = new Set(rows.filter((row) => row.country === 'US').map((row) => row.time_zone));
    for (const zone of [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Phoenix',
      'America/Anchorage',
      'Pacific/Honolulu',
    ]) {
      expect(usZones.has(zone), zone).to.equal(true);
    }
    expect(rows.filter((row) => row.country === 'CA').length).to.be.greaterThan(50);
  });

  it('has clusters: five restaurants within a mile of each other', () => {
    const near = rows.filter((row) => haversineMiles({ latitude: 42.3555, longitude: -71.0502 }, row) < 1);
    expect(near.length).to.be.at.least(5);
  });

  it('is the same data on every run', () => {
    // The generator is seeded: a fixed restaurant keeps its address and flags.
    const first = rows[0]!;
    expect(first).to.include({ rlid: 1001, restaurant_number: '01001' });
    expect(new Set(rows.map((row) => row.rlid)).size).to.equal(rows.length);
    expect(rows.length).to.be.within(690, 720);
  });
});
