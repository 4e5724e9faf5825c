import { findCarrier } from '../../../shared/domain/carriers';
import { seededRandom } from './seeded-random';

/**
 * Realistic waybill numbers per carrier (the shapes of shared/domain/carriers.ts). A number is a
 * pure function of (seed, carrier, serial), so a sandbox restarted from its data file goes on
 * with the same sequence; the caller skips the rare number already in use.
 */
export function waybillNumber(seed: number, cpCode: string, serial: number): string {
  const shape = findCarrier(cpCode)?.waybillNumber;
  const random = seededRandom(seed, `waybill-number/${cpCode}/${serial}`);
  if (!shape) return `${cpCode}${random.digits(12)}`;
  const prefix = random.pick(shape.prefixes);
  // The current length: the longest the shape allows (ZTO's 12-digit numbers are the old ones).
  const length = shape.length.max;
  if (shape.characters === 'digits') return `${prefix}${random.int(1, 9)}${random.digits(length - 1)}`;
  const alphabet = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  return `${prefix}${Array.from({ length }, () => alphabet[random.int(0, alphabet.length - 1)]).join('')}`;
}
