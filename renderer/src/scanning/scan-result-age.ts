import type { ScanRecord } from './scan-slice';

/**
 * How long the result box shows a scan's outcome. Past it the outcome is out of date (the order
 * was issued, unselected, printed since): the box waits for the next scan again and the recent
 * scans still list it.
 */
export const SCAN_RESULT_SHOWN_MS = 30_000;

/** Whether something that happened at `at` is recent enough to be shown at `now` (epoch ms). */
export function isShownAt(at: number, now: number): boolean {
  return now - at < SCAN_RESULT_SHOWN_MS;
}

/**
 * Whether the result box still shows this scan at `now` (epoch ms): a recent one, or a
 * scan-to-print order whose job has not ended yet (its line says how it ended once it has, and
 * is shown from then on for the usual time).
 */
export function isScanResultCurrent(record: Pick<ScanRecord, 'at' | 'outcome' | 'settledAt'>, now: number): boolean {
  if (record.outcome.kind === 'print-requested') return true;
  return isShownAt(record.settledAt ?? record.at, now);
}
