import { parseChinaDateTime } from '../../../shared/time/china-time';

/**
 * Readers for single gateway values that the spec's field tables and samples disagree about:
 * numbers sent as strings, booleans as "true"/"false", times as epochs or wall-clock text.
 * They accept every documented variant and return null for anything else, never throw.
 */

/** A JSON object as it came from the gateway (keys not yet checked). */
export type RawRecord = Record<string, unknown>;

/** The value as a plain object, or null. */
export function asRecord(value: unknown): RawRecord | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RawRecord) : null;
}

/** The value as an array of plain objects (non-objects dropped), or an empty list. */
export function asRecordList(value: unknown): RawRecord[] {
  return Array.isArray(value) ? value.map(asRecord).filter((entry): entry is RawRecord => entry !== null) : [];
}

/** The first of several field-name variants that is present (not undefined and not null). */
export function pick(record: RawRecord, ...names: string[]): unknown {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** Text fields: strings as they are, numbers as their decimal text, anything else as ''. */
export function readText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Text that may legitimately be absent (the sample's null): null when missing or empty. */
export function readOptionalText(value: unknown): string | null {
  const text = readText(value);
  return text === '' ? null : text;
}

/** Numbers and numeric strings ("12", " 3.5 "); null for anything else. */
export function readNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** Like readNumber, but only whole numbers. */
export function readInteger(value: unknown): number | null {
  const number = readNumber(value);
  return number !== null && Number.isInteger(number) ? number : null;
}

/** Booleans, "true"/"false" (any case), 1/0 and "1"/"0"; null for anything else. */
export function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const text = readText(value).trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return null;
}

/** Epochs below this are seconds, above it milliseconds (1e11 ms is March 1973; 1e11 s is year 5138). */
const secondsOrMillisecondsBoundary = 1e11;

/**
 * A gateway time as an epoch in milliseconds: epoch seconds or milliseconds (number or numeric
 * string), or wall-clock `yyyy-MM-dd HH:mm:ss` text read as UTC+8. Null for anything else.
 */
export function readGatewayTime(value: unknown): number | null {
  const number = readNumber(value);
  if (number !== null) {
    if (number <= 0) return null;
    return Math.round(number < secondsOrMillisecondsBoundary ? number * 1000 : number);
  }
  return typeof value === 'string' ? parseChinaDateTime(value) : null;
}

/** An amount in yuan (number or decimal string) as whole fen, avoiding binary-fraction drift; null if unreadable. */
export function readYuanAsFen(value: unknown): number | null {
  const yuan = readNumber(value);
  return yuan === null ? null : Math.round(yuan * 100);
}
