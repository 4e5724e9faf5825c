/**
 * Gateway wall-clock times: China Standard Time (UTC+8, no daylight saving), written
 * `yyyy-MM-dd HH:mm:ss` (decisions.md "Reading responses").
 */

const CHINA_OFFSET_MS = 8 * 3600_000;

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;

/** `yyyy-MM-dd HH:mm:ss` in China Standard Time for an epoch-millisecond instant. */
export function formatChinaTime(epochMs: number): string {
  const iso = new Date(epochMs + CHINA_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** `yyMMdd` in China Standard Time (the date part of Pinduoduo order numbers). */
export function chinaDateStamp(epochMs: number): string {
  return formatChinaTime(epochMs).slice(2, 10).replaceAll('-', '');
}

/** Start of the China Standard Time day containing the instant, as epoch milliseconds. */
export function chinaDayStart(epochMs: number): number {
  return Math.floor((epochMs + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
}

/**
 * Reads a time the way gateway clients send it: `yyyy-MM-dd HH:mm:ss` (or `yyyy-MM-dd`) in China
 * Standard Time, or an epoch in seconds (10 digits) or milliseconds. Null when unreadable.
 */
export function parseGatewayTime(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{10}$/.test(trimmed)) return Number(trimmed) * 1000;
  if (/^\d{12,14}$/.test(trimmed)) return Number(trimmed);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  return Number.isNaN(utc) ? null : utc - CHINA_OFFSET_MS;
}
