import { expect } from 'chai';
import { parseWeeklyHoursText } from '../../shared/locations/weekly-hours-text';

describe('parseWeeklyHoursText (import hours cells)', () => {
  it('expands day ranges, wrapping ones too, and leaves unnamed or closed days out', () => {
    expect(parseWeeklyHoursText('Fri-Mon 9:00-01:00; Wednesday closed')).to.deep.equal({
      hours: [
        { dayOfWeek: 0, open: '09:00', close: '01:00' },
        { dayOfWeek: 1, open: '09:00', close: '01:00' },
        { dayOfWeek: 5, open: '09:00', close: '01:00' },
        { dayOfWeek: 6, open: '09:00', close: '01:00' },
      ],
    });
    expect(parseWeeklyHoursText('mon-sun 11:00-22:00')).to.have.property('hours').with.length(7);
  });

  it('names the faulty segment: unknown day, repeated day, other syntax', () => {
    expect(parseWeeklyHoursText('Mo 11:00-22:00')).to.deep.equal({
      error: '"Mo 11:00-22:00" names an unknown day (use Sun, Mon, Tue, Wed, Thu, Fri, Sat)',
    });
    expect(parseWeeklyHoursText('Mon-Fri 11:00-22:00; Fri 12:00-23:00')).to.deep.equal({
      error: '"Fri 12:00-23:00" repeats fri, already given',
    });
    expect(parseWeeklyHoursText('Mon-Fri 9-5'))
      .to.have.property('error')
      .that.matches(/^"Mon-Fri 9-5" is not like/);
  });
});
