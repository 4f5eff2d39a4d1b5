import { expect } from 'chai';
import { frCA } from '../../shared/i18n/catalogs/fr-CA';
import { createTranslator } from '../../shared/i18n/translator';
import { preferredRlidFromCookieHeader } from '../../server/modules/locations/preferred-cookie';
import { pickerTriggerText, type TriggerSubject } from '../../views/components/location-picker/trigger-text';

const english = createTranslator([]);
const base: TriggerSubject = {
  city: 'Orlando',
  state: 'FL',
  isTemporarilyClosed: false,
  isDiningRoomOpened: false,
  outsideDining: false,
  hasDelivery: false,
  hasCurbside: false,
};

describe('location picker on the server', () => {
  describe('reading the li cookie from a raw Cookie header', () => {
    it('finds li among other cookies, with or without spaces', () => {
      expect(preferredRlidFromCookieHeader('li=1234')).to.equal(1234);
      expect(preferredRlidFromCookieHeader('theme=dark; li=42; other=x')).to.equal(42);
      expect(preferredRlidFromCookieHeader('a=1;li= 77 ;b=2')).to.equal(77);
    });

    it('ignores cookies whose name only contains li, and anything but a plain positive id', () => {
      expect(preferredRlidFromCookieHeader(undefined)).to.equal(null);
      expect(preferredRlidFromCookieHeader('')).to.equal(null);
      expect(preferredRlidFromCookieHeader('client=5; li_old=6')).to.equal(null);
      for (const bad of ['li=', 'li=abc', 'li=-3', 'li=0', 'li=1.5', 'li=12345678901', 'li=%20', 'li=1e3']) {
        expect(preferredRlidFromCookieHeader(bad), bad).to.equal(null);
      }
    });
  });

  describe('trigger text', () => {
    it('invites a search without a saved location', () => {
      expect(pickerTriggerText(english, null)).to.equal('Find A Location Near You');
    });

    it('shows city, state and the first suffix that applies, in the spec order', () => {
      const cases: Array<[Partial<TriggerSubject>, string]> = [
        [
          { isTemporarilyClosed: true, isDiningRoomOpened: true, outsideDining: true, hasDelivery: true },
          '(Restaurant Temporarily Closed)',
        ],
        [{ isDiningRoomOpened: true, outsideDining: true, hasDelivery: true }, '(Indoor/Outdoor Dining Available)'],
        [{ isDiningRoomOpened: true, hasDelivery: true }, '(Indoor Dining Available)'],
        [{ outsideDining: true, hasDelivery: true, hasCurbside: true }, '(Outdoor Dining Available)'],
        [{ hasDelivery: true, hasCurbside: true }, '(Delivery Available)'],
        [{ hasCurbside: true }, '(Curbside Available)'],
        [{}, '(Pick Up Only)'],
      ];
      for (const [flags, suffix] of cases) {
        expect(pickerTriggerText(english, { ...base, ...flags })).to.equal(`Orlando, FL ${suffix}`);
      }
    });

    it('translates the call to action and the suffix on French pages', () => {
      const french = createTranslator(frCA);
      expect(pickerTriggerText(french, null)).to.equal('Trouver un restaurant près de chez vous');
      expect(pickerTriggerText(french, { ...base, city: 'Montréal', state: 'QC', hasDelivery: true })).to.equal(
        'Montréal, QC (Livraison offerte)',
      );
    });
  });
});
