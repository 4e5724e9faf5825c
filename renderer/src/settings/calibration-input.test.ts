import { describe, expect, it } from 'vitest';
import { CALIBRATION_LIMIT_MM } from '../../../shared/domain/printing';
import { readOffset } from './calibration-input';

describe('a calibration offset as typed', () => {
  it('reads millimetres with a sign and decimals', () => {
    expect(readOffset('1.5')).toEqual({ ok: true, value: 1.5 });
    expect(readOffset(' -2 ')).toEqual({ ok: true, value: -2 });
    expect(readOffset('+0,5')).toEqual({ ok: true, value: 0.5 });
    expect(readOffset('.5')).toEqual({ ok: true, value: 0.5 });
    expect(readOffset('０')).toEqual({ ok: true, value: 0 });
    expect(readOffset('－３．５')).toEqual({ ok: true, value: -3.5 });
  });

  it('accepts the limit itself and refuses beyond it', () => {
    expect(readOffset(String(CALIBRATION_LIMIT_MM))).toEqual({ ok: true, value: CALIBRATION_LIMIT_MM });
    expect(readOffset(`-${CALIBRATION_LIMIT_MM}`)).toEqual({ ok: true, value: -CALIBRATION_LIMIT_MM });
    expect(readOffset(String(CALIBRATION_LIMIT_MM + 0.1))).toEqual({ ok: false, problem: 'out-of-range' });
  });

  it('refuses what is not a number', () => {
    for (const text of ['', 'abc', '1.2.3', '--1', '1mm', '-']) expect(readOffset(text), text).toEqual({ ok: false, problem: 'not-a-number' });
  });
});
