import { expect } from 'chai';
import { pickerSuffix } from '../../shared/locations/picker-text';
import {
  PREFERRED_LOCATION_KEY,
  PREFERRED_RLID_KEY,
  readPreferredLocation,
  writePreferredLocation,
} from '../../shared/locations/preferred-location';
import type { Location } from '../../shared/schemas/locations';

const location: Location = {
  rlid: 1234,
  restaurantNumber: '01234',
  address1: '100 Harbor Way',
  city: 'Orlando',
  state: 'FL',
  country: 'US',
  zip: '32801',
  latitude: 28.5,
  longitude: -81.4,
  hours: [{ dayOfWeek: 1, open: '11:00', close: '22:00' }],
  curbsideHours: [],
  deliveryHours: [],
  phone: '(407) 555-0100',
  hasCurbside: true,
  hasDelivery: true,
  hasOnlineOrdering: true,
  hasTakeOut: true,
  isDiningRoomOpened: true,
  isTemporarilyClosed: false,
  outsideDining: true,
  isReservationsEnabled: false,
};

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('header picker trigger suffix', () => {
  it('takes the first suffix that applies, in the spec order', () => {
    const cases: Array<[Partial<Location>, string]> = [
      [{ isTemporarilyClosed: true }, '(Restaurant Temporarily Closed)'],
      [{}, '(Indoor/Outdoor Dining Available)'],
      [{ outsideDining: false }, '(Indoor Dining Available)'],
      [{ isDiningRoomOpened: false }, '(Outdoor Dining Available)'],
      [{ isDiningRoomOpened: false, outsideDining: false }, '(Delivery Available)'],
      [{ isDiningRoomOpened: false, outsideDining: false, hasDelivery: false }, '(Curbside Available)'],
      [{ isDiningRoomOpened: false, outsideDining: false, hasDelivery: false, hasCurbside: false }, '(Pick Up Only)'],
    ];
    for (const [change, suffix] of cases) expect(pickerSuffix({ ...location, ...change })).to.equal(suffix);
  });
});

describe('preferred location storage', () => {
  it('saves both keys and mirrors the rlid in a 365-day cookie', () => {
    const store = memoryStore();
    const cookie = writePreferredLocation(store, location, new Date('2026-11-22T00:00:00Z'));
    expect(store.map.get(PREFERRED_RLID_KEY)).to.equal('1234');
    expect(readPreferredLocation(store)).to.deep.equal(location);
    expect(cookie).to.equal('li=1234; Path=/; Expires=Mon, 22 Nov 2027 00:00:00 GMT; SameSite=Lax');
  });

  it('clears the preference when a non-location value is written', () => {
    const store = memoryStore();
    writePreferredLocation(store, location);
    const cookie = writePreferredLocation(store, { rlid: 'nope' });
    expect(store.map.size).to.equal(0);
    expect(readPreferredLocation(store)).to.equal(null);
    expect(cookie).to.match(/^li=; .*Max-Age=0/);
  });

  it('treats stored data that fails validation as no location', () => {
    const store = memoryStore();
    store.setItem(PREFERRED_LOCATION_KEY, '{not json');
    expect(readPreferredLocation(store)).to.equal(null);
    store.setItem(
      PREFERRED_LOCATION_KEY,
      JSON.stringify({ ...location, hours: [{ dayOfWeek: 7, open: '11:00', close: '22:00' }] }),
    );
    expect(readPreferredLocation(store)).to.equal(null);
    store.setItem(PREFERRED_LOCATION_KEY, JSON.stringify(location));
    store.setItem(PREFERRED_RLID_KEY, '999');
    expect(readPreferredLocation(store)).to.equal(null);
  });
});
