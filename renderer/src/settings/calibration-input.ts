import { CALIBRATION_LIMIT_MM } from '../../../shared/domain/printing';

/**
 * A printer offset as typed in the calibration fields: millimetres, a dot or comma for the
 * decimals, a minus for left or up — within the component's ±CALIBRATION_LIMIT_MM.
 */

/** What an offset's text is. */
export type OffsetReading = { ok: true; value: number } | { ok: false; problem: 'not-a-number' | 'out-of-range' };

/** Reads an offset in millimetres from its text. */
export function readOffset(text: string): OffsetReading {
  // Full-width digits and signs (a Chinese input method) and a decimal comma read as plain ones.
  const plain = text
    .trim()
    .replace(/[\uFF10-\uFF19\uFF0B\uFF0D\uFF0E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[\u2212]/g, '-')
    .replace(',', '.');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(plain)) return { ok: false, problem: 'not-a-number' };
  const value = Number(plain);
  return Math.abs(value) <= CALIBRATION_LIMIT_MM ? { ok: true, value } : { ok: false, problem: 'out-of-range' };
}
