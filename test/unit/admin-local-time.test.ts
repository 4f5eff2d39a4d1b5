import { expect } from 'chai';
import {
  formatInstant,
  formatLongInstant,
  fromLocalInput,
  isTimeZone,
  timeZoneChoices,
  toLocalInput,
  zoneName,
} from '../../shared/admin/local-time';

const NEW_YORK = { timeZone: 'America/New_York', locale: 'en-US' };

describe('admin local time', () => {
  it('names the zone and its summer or winter time', () => {
    expect(formatInstant('2026-12-01T14:00:00Z', NEW_YORK)).to.equal('Dec 1, 2026, 9:00 AM EST');
    expect(formatInstant('2026-07-01T13:00:00Z', NEW_YORK)).to.equal('Jul 1, 2026, 9:00 AM EDT');
    expect(formatInstant('2026-12-01T14:00:00Z', { timeZone: 'UTC', locale: 'en-US' })).to.equal(
      'Dec 1, 2026, 2:00 PM UTC',
    );
    expect(zoneName('2026-12-01T14:00:00Z', { timeZone: 'Europe/Paris', locale: 'en-US' })).to.equal('GMT+1');
  });

  it('says when a page goes live in a sentence, in English and French', () => {
    expect(formatLongInstant('2026-12-01T14:00:00Z', NEW_YORK)).to.equal('Tuesday 1 December 2026 at 09:00 EST');
    expect(formatLongInstant('2026-12-01T14:00:00Z', { timeZone: 'America/Toronto', locale: 'fr-CA' })).to.match(
      /^mardi 1 décembre 2026 à 09 h 00 \S+$/,
    );
  });

  it('reads typed times on the user’s wall clock and stores UTC', () => {
    const winter = fromLocalInput('2026-12-01T09:00', 'America/New_York');
    expect(winter.ok && winter.instant.toISOString()).to.equal('2026-12-01T14:00:00.000Z');
    const summer = fromLocalInput('2026-07-01T09:00', 'America/New_York');
    expect(summer.ok && summer.instant.toISOString()).to.equal('2026-07-01T13:00:00.000Z');
    const tokyo = fromLocalInput('2026-12-01T00:30', 'Asia/Tokyo');
    expect(tokyo.ok && tokyo.instant.toISOString()).to.equal('2026-11-30T15:30:00.000Z');
    expect(toLocalInput('2026-12-01T14:00:00Z', 'America/New_York')).to.equal('2026-12-01T09:00');
    expect(toLocalInput(null, 'UTC')).to.equal('');
  });

  it('refuses a time the clocks skip when summer time starts', () => {
    // 8 March 2026: New York's clocks go from 02:00 EST to 03:00 EDT.
    expect(fromLocalInput('2026-03-08T02:30', 'America/New_York')).to.deep.equal({ ok: false, reason: 'skipped' });
    const before = fromLocalInput('2026-03-08T01:59', 'America/New_York');
    expect(before.ok && before.instant.toISOString()).to.equal('2026-03-08T06:59:00.000Z');
    const after = fromLocalInput('2026-03-08T03:00', 'America/New_York');
    expect(after.ok && after.instant.toISOString()).to.equal('2026-03-08T07:00:00.000Z');
  });

  it('takes the first of a time that happens twice when summer time ends', () => {
    // 1 November 2026: 01:30 EDT (05:30 UTC), then 01:30 EST (06:30 UTC).
    const twice = fromLocalInput('2026-11-01T01:30', 'America/New_York');
    expect(twice.ok && twice.instant.toISOString()).to.equal('2026-11-01T05:30:00.000Z');
    expect(formatInstant('2026-11-01T05:30:00Z', NEW_YORK)).to.equal('Nov 1, 2026, 1:30 AM EDT');
    expect(formatInstant('2026-11-01T06:30:00Z', NEW_YORK)).to.equal('Nov 1, 2026, 1:30 AM EST');
    // Southern hemisphere: Sydney's summer time ends on 5 April 2026 at 03:00 AEDT.
    const sydney = fromLocalInput('2026-04-05T02:30', 'Australia/Sydney');
    expect(sydney.ok && sydney.instant.toISOString()).to.equal('2026-04-04T15:30:00.000Z');
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', 'tomorrow', '2026-02-30T09:00', '2026-12-01 09:00', '2026-12-01T24:00', '2026-12-01T09:00Z'])
      expect(fromLocalInput(bad, 'UTC'), bad).to.deep.equal({ ok: false, reason: 'invalid' });
  });

  it('offers the IANA zones and UTC, and knows a zone from a made-up one', () => {
    expect(timeZoneChoices()[0]).to.equal('UTC');
    expect(timeZoneChoices()).to.include('America/New_York');
    expect(isTimeZone('Europe/Paris')).to.equal(true);
    expect(isTimeZone('UTC')).to.equal(true);
    for (const bad of ['Mars/Olympus_Mons', 'EST5EDT;DROP', '', 'america/new_york'])
      expect(isTimeZone(bad), bad).to.equal(false);
  });
});
