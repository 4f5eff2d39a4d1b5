import { expect } from 'chai';
import { canReceiveTexts, formatPhone, parsePhone } from '../../shared/phone/phone-number';

describe('phone numbers', () => {
  describe('parsePhone', () => {
    const accepted: Array<[string, string, string?]> = [
      ['(407) 555-0123', '+14075550123'],
      ['(407)555-0123', '+14075550123'],
      ['407-555-0123', '+14075550123'],
      ['407.555.0123', '+14075550123'],
      ['407 555 0123', '+14075550123'],
      ['407/555-0123', '+14075550123'],
      ['4075550123', '+14075550123'],
      ['1-407-555-0123', '+14075550123'],
      ['1 (407) 555-0123', '+14075550123'],
      ['+1 407 555 0123', '+14075550123'],
      ['+1 (407) 555-0123', '+14075550123'],
      ['+14075550123', '+14075550123'],
      ['  407-555-0123  ', '+14075550123'],
      ['(514) 555-0199', '+15145550199'],
      ['(407) 555-0123 ext. 45', '+14075550123;ext=45', '45'],
      ['(407) 555-0123 ext 45', '+14075550123;ext=45', '45'],
      ['407-555-0123 x45', '+14075550123;ext=45', '45'],
      ['407-555-0123x45', '+14075550123;ext=45', '45'],
      ['407 555 0123 #45', '+14075550123;ext=45', '45'],
      ['407 555 0123 extension 1234', '+14075550123;ext=1234', '1234'],
      ['(514) 555-0199 poste 12', '+15145550199;ext=12', '12'],
      ['+1 407 555 0123, 45', '+14075550123;ext=45', '45'],
      ['+14075550123;ext=45', '+14075550123;ext=45', '45'],
      ['+44 20 7946 0958', '+442079460958'],
    ];
    for (const [input, stored, extension] of accepted) {
      it(`reads ${JSON.stringify(input)} as ${stored}`, () => {
        const parsed = parsePhone(input);
        expect(parsed?.stored).to.equal(stored);
        expect(parsed?.e164).to.equal(stored.split(';')[0]);
        expect(parsed?.extension).to.equal(extension ?? null);
      });
    }

    const refused = [
      '',
      '   ',
      '555-0123',
      '407-555-012',
      '(123) 456-7890',
      '+1 407 555 01234',
      '2-407-555-0123',
      '1-800-FLOWERS',
      'Call 407 555 0123',
      '407 555 0123 please',
      '407 555 0123 x',
      '407-555-0123 ext. 1234567',
      '٤٠٧٥٥٥٠١٢٣',
      "407'; DROP TABLE x; --",
      '4'.repeat(31),
      '🦞 407 555 0123',
    ];
    for (const input of refused) {
      it(`refuses ${JSON.stringify(input.slice(0, 40))}`, () => expect(parsePhone(input)).to.equal(null));
    }

    it('reads a number without +1 as North American whichever site it came from', () => {
      expect(parsePhone('604 555 0142', 'CA')?.e164).to.equal('+16045550142');
      expect(parsePhone('604 555 0142', 'US')?.e164).to.equal('+16045550142');
      expect(parsePhone('604 555 0142', 'XX')?.e164).to.equal('+16045550142');
    });

    it('takes North American numbers as able to receive texts, and refuses a foreign fixed line', () => {
      expect(canReceiveTexts(parsePhone('(407) 555-0123')!)).to.equal(true);
      expect(canReceiveTexts(parsePhone('+44 20 7946 0958')!)).to.equal(false);
      expect(canReceiveTexts(parsePhone('+44 7911 123456')!)).to.equal(true);
    });
  });

  describe('formatPhone', () => {
    it('prints stored numbers in national format, with the extension', () => {
      expect(formatPhone('+14075550123')).to.equal('(407) 555-0123');
      expect(formatPhone('+14075550123;ext=45')).to.equal('(407) 555-0123 ext. 45');
      expect(formatPhone('+15145550199')).to.equal('(514) 555-0199');
      expect(formatPhone('+442079460958')).to.equal('+44 20 7946 0958');
    });

    it('prints rows stored as typed (before normalisation) in national format when they parse, else as they are', () => {
      expect(formatPhone('407.555.0123')).to.equal('(407) 555-0123');
      expect(formatPhone('1-407-555-0123 x 9')).to.equal('(407) 555-0123 ext. 9');
      expect(formatPhone('207 555 0100')).to.equal('(207) 555-0100');
      expect(formatPhone('call me maybe')).to.equal('call me maybe');
      expect(formatPhone('555-0123')).to.equal('555-0123');
      expect(formatPhone('')).to.equal('');
      expect(formatPhone(null)).to.equal('');
    });
  });
});
