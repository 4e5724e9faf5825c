/**
 * The User Timing marks of a scan in scan-to-print mode, visible in the browser's performance
 * tools and read by the scan-to-label benchmark (`bench/scan-to-print-bench.ts`):
 *
 * - `scan:detected`: the scanner's Enter ended a scan and the desk read it;
 * - `scan-to-print:plan-asked`: the scanned order's plan was asked of the station;
 * - `scan-to-print:started`: the station answered that its job started.
 *
 * Names only (no DOM), so that the benchmark under Node can import them.
 */
export const SCAN_TIMINGS = {
  detected: 'scan:detected',
  planAsked: 'scan-to-print:plan-asked',
  started: 'scan-to-print:started',
} as const;
