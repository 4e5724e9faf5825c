/**
 * China Standard Time (UTC+8, no daylight saving): the gateway's wall clock and the day the
 * merchant's costs are counted in. Instants are millisecond epochs everywhere else in the app.
 */

/** UTC+8 in milliseconds. */
export const chinaOffsetMs = 8 * 60 * 60 * 1000;

const dateTimePattern = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parses a gateway wall-clock time `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) read as UTC+8; null if it is not one. */
export function parseChinaDateTime(text: string): number | null {
  const match = dateTimePattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number, number, number, number, number, number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const instant = Date.UTC(year, month - 1, day, hour, minute, second) - chinaOffsetMs;
  // Date.UTC rolls 2024-02-31 over into March: such a text is not a real date.
  return new Date(instant + chinaOffsetMs).getUTCDate() === day ? instant : null;
}

function chinaParts(instant: number): string[] {
  const shifted = new Date(instant + chinaOffsetMs);
  const pad = (value: number): string => String(value).padStart(2, '0');
  return [
    String(shifted.getUTCFullYear()),
    pad(shifted.getUTCMonth() + 1),
    pad(shifted.getUTCDate()),
    pad(shifted.getUTCHours()),
    pad(shifted.getUTCMinutes()),
    pad(shifted.getUTCSeconds()),
  ];
}

/** Formats an instant as the gateway's wall-clock `yyyy-MM-dd HH:mm:ss` in UTC+8. */
export function formatChinaDateTime(instant: number): string {
  const [year, month, day, hour, minute, second] = chinaParts(instant);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}`;
}

/** The China calendar day (`yyyy-MM-dd`, UTC+8) an instant falls on. */
export function chinaDayOf(instant: number): string {
  const [year, month, day] = chinaParts(instant);
  return `${year}-${month}-${day}`;
}

/** Milliseconds in one day. */
export const dayMs = 86_400_000;

/** Start of the China calendar day containing the instant, as epoch milliseconds. */
export function chinaDayStart(instant: number): number {
  return Math.floor((instant + chinaOffsetMs) / dayMs) * dayMs - chinaOffsetMs;
}

/** `yyMMdd` in China time (the date part of Pinduoduo order numbers). */
export function chinaDateStamp(instant: number): string {
  return chinaDayOf(instant).slice(2).replaceAll('-', '');
}
