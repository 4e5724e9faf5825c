import { describe, expect, it } from 'vitest';
import { phoneKind } from './phone-number';

describe('a sender phone number', () => {
  it.each(['13857100123', '19912345678', '+8613857100123', '86 138 5710 0123', '138 5710 0123'])('takes the mobile %s', (text) => {
    expect(phoneKind(text)).toBe('mobile');
  });

  it.each(['0571-88888888', '010-12345678', '02087654321', '(0571)88012345', '0571 8801234', '0571-88888888-123', '0571-88888888转8', '+86-0571-88888888', '+86 (571) 8888-6666', '0571-8888 6666'])(
    'takes the landline with its area code %s',
    (text) => {
      expect(phoneKind(text)).toBe('landline');
    },
  );

  it.each(['12345', '', '88888888', '12857100123', '1385710012', '138571001234', '571-88888888', '0571-0888888', 'abc', '0571-88888888-1234567'])('refuses %s, neither a mobile nor a landline', (text) => {
    expect(phoneKind(text)).toBeNull();
  });
});
