import { describe, expect, it } from 'vitest';
import { defaultSlipPrinter } from './slip-printer';

const queue = (name: string, isDefault: boolean) => ({ name, isDefault, state: 'idle' as const });

describe('the slip printer', () => {
  it('is the system default when Settings chose none; a system without one is said so before anything is sent', () => {
    expect(defaultSlipPrinter({ ok: true, data: [queue('Labels', false), queue('Office', true)] })).toBe('');
    expect(() => defaultSlipPrinter({ ok: true, data: [queue('Labels', false)] })).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'paperwork.no-slip-printer', params: { printers: 1 } }) }));
    expect(() => defaultSlipPrinter({ ok: true, data: [] })).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'paperwork.no-slip-printer', params: { printers: 0 } }) }));
    // A list that cannot be read: the print system's own answer will say what is wrong.
    expect(defaultSlipPrinter({ ok: false, error: { code: 'print.os-system-unavailable', params: {} } } as never)).toBe('');
  });
});
