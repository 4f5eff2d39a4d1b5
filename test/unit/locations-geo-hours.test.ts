import { expect } from 'chai';
import { boundingBox, haversineMiles } from '../../shared/locations/geo';
import { formatTime, hoursLine, type HoursSubject } from '../../shared/locations/hours';
import type { DayHours } from '../../shared/schemas/locations';

describe('location distances', () => {
  it('measures great-circle miles (New York to Los Angeles is about 2,445 miles)', () => {
    const miles = haversineMiles(
      { latitude: 40.7128, longitude: -74.006 },
      { latitude: 34.0522, longitude: -118.2437 },
    );
    expect(miles).to.be.closeTo(2445, 5);
    expect(haversineMiles({ latitude: 10, longitude: 10 }, { latitude: 10, longitude: 10 })).to.equal(0);
  });

  it('builds a bounding box that contains every point of the radius', () => {
    const centre = { latitude: 45, longitude: -75 };
    const box = boundingBox(centre, 100);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 99.9 miles away in each direction must be inside the box.
      const rad = (bearing * Math.PI) / 180;
      const lat = centre.latitude + (99.9 / 69) * Math.cos(rad);
      const lng = centre.longitude + (99.9 / (69 * Math.cos((lat * Math.PI) / 180))) * Math.sin(rad);
      if (haversineMiles(centre, { latitude: lat, longitude: lng }) > 100) continue;
      expect(lat).to.be.within(box.minLat, box.maxLat);
      expect(lng).to.be.within(box.minLng, box.maxLng);
    }
    expect(boundingBox({ latitude: 10, longitude: 179.5 }, 200)).to.include({ minLng: -180, maxLng: 180 });
  });
});

describe('hours line', () => {
  const weekly: DayHours[] = [
    { dayOfWeek: 4, open: '11:00', close: '22:00' }, // Thursday
    { dayOfWeek: 5, open: '11:00', close: '01:00' }, // Friday, closes after midnight
    { dayOfWeek: 6, open: '12:00', close: '23:00' }, // Saturday
  ];
  const subject: HoursSubject = {
    isTemporarilyClosed: false,
    hasDelivery: true,
    hasCurbside: false,
    timeZone: 'America/Los_Angeles',
    specialHours: [{ date: '2026-11-26', label: 'Thanksgiving Day', closed: true }],
  };

  it("uses the restaurant's own time zone, not UTC", () => {
    // 2026-11-21 04:00 UTC is still Friday 20:00 in Los Angeles (Saturday in UTC).
    const now = new Date('2026-11-21T04:00:00Z');
    expect(hoursLine(subject, weekly, 'operation', now)).to.deep.equal({ kind: 'open', open: '11:00', close: '01:00' });
    expect(hoursLine({ ...subject, timeZone: 'Europe/Paris' }, weekly, 'operation', now)).to.deep.equal({
      kind: 'open',
      open: '12:00',
      close: '23:00',
    });
  });

  it("keeps showing the previous evening's hours after midnight until the late close", () => {
    // Saturday 00:30 in Los Angeles: Friday's service (until 01:00) is still running.
    expect(hoursLine(subject, weekly, 'operation', new Date('2026-11-21T08:30:00Z'))).to.deep.equal({
      kind: 'open',
      open: '11:00',
      close: '01:00',
    });
    // Saturday 01:30: Saturday's own hours.
    expect(hoursLine(subject, weekly, 'operation', new Date('2026-11-21T09:30:00Z'))).to.deep.equal({
      kind: 'open',
      open: '12:00',
      close: '23:00',
    });
  });

  it('is hidden when today has no entry, and closed on a holiday', () => {
    // Sunday in Los Angeles: no entry.
    expect(hoursLine(subject, weekly, 'operation', new Date('2026-11-22T20:00:00Z'))).to.equal(null);
    // Thanksgiving (Thursday 2026-11-26) overrides Thursday's hours, for delivery too.
    const thanksgiving = new Date('2026-11-26T20:00:00Z');
    expect(hoursLine(subject, weekly, 'operation', thanksgiving)).to.deep.equal({
      kind: 'closed',
      label: 'Thanksgiving Day',
    });
    expect(hoursLine(subject, weekly, 'delivery', thanksgiving)).to.deep.equal({
      kind: 'closed',
      label: 'Thanksgiving Day',
    });
  });

  it('says Temporarily Closed first, then Not Available for services the restaurant lacks', () => {
    const now = new Date('2026-11-20T20:00:00Z');
    expect(hoursLine({ ...subject, isTemporarilyClosed: true }, weekly, 'curbside', now)).to.deep.equal({
      kind: 'temporarily-closed',
    });
    expect(hoursLine(subject, weekly, 'curbside', now)).to.deep.equal({ kind: 'not-available' });
    expect(hoursLine({ ...subject, hasDelivery: false }, weekly, 'delivery', now)).to.deep.equal({
      kind: 'not-available',
    });
  });

  it('prints 12-hour times', () => {
    expect(['00:00', '09:05', '12:00', '13:30', '23:59'].map(formatTime)).to.deep.equal([
      '12:00 AM',
      '9:05 AM',
      '12:00 PM',
      '1:30 PM',
      '11:59 PM',
    ]);
  });
});
