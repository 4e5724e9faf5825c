import { findCarrier } from '../../shared/domain/carriers';
import { formatChinaDateTime } from '../../shared/time/china-time';
import type { LabelItem, WaybillParty } from './label-input';
import { ENCRYPTED_VALUE_PREFIX } from './plain-print-data';

/**
 * The texts a label prints, derived from the input exactly as received: masked values stay
 * masked (the app never has, and never guesses, the clear values) and ciphertext is never shown.
 */

/** Shown in place of a field that arrived encrypted (`AES:`-prefixed). */
export const ENCRYPTED_FIELD_PLACEHOLDER = '（已加密）';

// Emoji and their joiners are not in the label fonts and mean nothing to a courier; control
// characters would break the layout (line breaks and tabs become spaces instead).
const unprintable = /\p{Extended_Pictographic}|\u200d|\ufe0f|\p{Cc}/gu;

/** One field as printed: trimmed, unprintables removed, ciphertext replaced by the placeholder. */
export function fieldText(value: string | undefined): string {
  if (value === undefined) return '';
  const text = value.trim();
  if (text.startsWith(ENCRYPTED_VALUE_PREFIX)) return ENCRYPTED_FIELD_PLACEHOLDER;
  return text.replace(/\s+/g, ' ').replace(unprintable, '').replace(/ {2,}/g, ' ').trim();
}

/** The parts joined by the separator, empty parts left out and a part equal to the one before dropped. */
function joinDistinct(parts: readonly string[], separator: string): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (part !== '' && part !== kept.at(-1)) kept.push(part);
  }
  return kept.join(separator);
}

/** Name as received (e.g. `张**`). */
export function partyName(party: WaybillParty): string {
  return fieldText(party.name);
}

/** Mobile and landline, both when both are given and differ. */
export function partyPhones(party: WaybillParty): string {
  return joinDistinct([fieldText(party.mobile), fieldText(party.phone)], ' / ');
}

/** Province, city, district, town and detail on one line (repeats such as 上海 上海 once). */
export function partyAddress(party: WaybillParty): string {
  const address = party.address ?? {};
  return joinDistinct([address.province, address.city, address.district, address.town, address.detail].map(fieldText), ' ');
}

/**
 * The carrier's Chinese name from the carriers table, without a trailing note in brackets
 * (极兔速递 (原百世) prints as 极兔速递); an unknown code prints as itself.
 */
export function carrierLabelName(carrierCode: string): string {
  const name = findCarrier(carrierCode)?.nameZh;
  return name ? name.replace(/\s*[(（][^()（）]*[)）]$/, '') : carrierCode;
}

/** Print time in China time, to the minute: `2025-06-01 14:03`. */
export function printTimeText(printedAt: number): string {
  return formatChinaDateTime(printedAt).slice(0, 16);
}

/** One goods line: `name×count`. */
export function itemText(item: LabelItem): string {
  return `${fieldText(item.name)}×${item.count}`;
}

/** How many pieces the package holds in all. */
export function totalPieces(items: readonly LabelItem[]): number {
  return items.reduce((sum, item) => sum + item.count, 0);
}
