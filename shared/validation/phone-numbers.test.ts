import { describe, expect, it } from 'vitest';
import { recognisePhoneNumbers } from './phone-numbers';

describe('recognisePhoneNumbers', () => {
  it.each([
    ['13857100123', { mobile: '13857100123', phone: '' }],
    ['+86 138 5710 0123', { mobile: '13857100123', phone: '' }],
    ['86-138-5710-0123', { mobile: '13857100123', phone: '' }],
    ['19912345678', { mobile: '19912345678', phone: '' }],
  ])('reads the mobile %s as a mobile', (text, expected) => {
    expect(recognisePhoneNumbers(text)).toEqual(expected);
  });

  it.each(['0571-88012345', '(0571)88012345', '0571 8801 2345', '010-12345678', '021-6123456', '0571-88012345-801', '0571-88012345#801', '+86 571 88012345'])(
    'reads the landline %s as a landline, as written',
    (text) => {
      expect(recognisePhoneNumbers(text)).toEqual({ mobile: '', phone: text });
    },
  );

  it.each([
    ['13857100123 / 0571-88012345', { mobile: '13857100123', phone: '0571-88012345' }],
    ['0571-88012345,13857100123', { mobile: '13857100123', phone: '0571-88012345' }],
    ['13857100123 0571-88012345', { mobile: '13857100123', phone: '0571-88012345' }],
  ])('splits a mobile and a landline given together: %s', (text, expected) => {
    expect(recognisePhoneNumbers(text)).toEqual(expected);
  });

  it.each(['12345', '1234567890123', '12857100123', '88012345', '0571-123', '13857100123 / 13857100124', 'abc', '0571-88012345 / 0571-88012346'])(
    'refuses %s (neither form, or two of one kind)',
    (text) => {
      expect(recognisePhoneNumbers(text)).toBeNull();
    },
  );

  it('gives two empty parts for an empty text', () => {
    expect(recognisePhoneNumbers('  ')).toEqual({ mobile: '', phone: '' });
  });
});
