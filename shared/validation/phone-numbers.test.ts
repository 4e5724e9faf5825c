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

  it.each(['13857100123', '19912345678', '+8613857100123', '86 138 5710 0123', '138 5710 0123'])('takes the mobile %s', (text) => {
    expect(recognisePhoneNumbers(text)).toEqual({ mobile: text.replace(/\D/g, '').slice(-11), phone: '' });
  });

  it.each(['0571-88888888', '010-12345678', '02087654321', '(0571)88012345', '0571 8801234', '0571-88888888-123', '0571-88888888转8', '+86-0571-88888888', '+86 (571) 8888-6666', '0571-8888 6666'])(
    'takes the landline with its area code %s',
    (text) => {
      expect(recognisePhoneNumbers(text)).toEqual({ mobile: '', phone: text });
    },
  );

  it.each(['88888888', '12857100123', '1385710012', '138571001234', '571-88888888', '0571-0888888', '0571-88888888-1234567'])('refuses %s, neither a mobile nor a landline', (text) => {
    expect(recognisePhoneNumbers(text)).toBeNull();
  });
});
