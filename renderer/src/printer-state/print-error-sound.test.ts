import { describe, expect, it } from 'vitest';
import { soundsPrintError } from './print-error-sound';

describe('the print error tone', () => {
  it('sounds once when the printer stops printing, and only with the setting on', () => {
    expect(soundsPrintError('printing', 'paper-out', true)).toBe(true);
    expect(soundsPrintError('ready', 'not-responding', true)).toBe(true);
    expect(soundsPrintError(null, 'jam', true)).toBe(true);
    expect(soundsPrintError('paper-out', 'paper-out', true)).toBe(false);
    expect(soundsPrintError('paper-out', 'jam', true)).toBe(false);
    expect(soundsPrintError('printing', 'paper-out', false)).toBe(false);
    expect(soundsPrintError('printing', 'ready', true)).toBe(false);
    expect(soundsPrintError('ready', 'unknown', true)).toBe(false);
  });
});
