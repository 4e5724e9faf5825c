import { describe, expect, it } from 'vitest';
import { isScanResultCurrent, isShownAt, SCAN_RESULT_SHOWN_MS } from './scan-result-age';

const order = { code: '1001', shopId: 's1', orderNumber: '1001' };

describe('how long the scan result box shows a scan', () => {
  it('shows a scan for a while, then leaves it to the recent list', () => {
    const record = { at: 1000, outcome: { kind: 'selected' as const, ...order }, settledAt: null };
    expect(isScanResultCurrent(record, 1000 + SCAN_RESULT_SHOWN_MS - 1)).toBe(true);
    expect(isScanResultCurrent(record, 1000 + SCAN_RESULT_SHOWN_MS)).toBe(false);
    expect(isShownAt(1000, 1000 + SCAN_RESULT_SHOWN_MS)).toBe(false);
  });

  it('keeps a scan-to-print order while its job runs, then shows how it ended for the usual time', () => {
    expect(isScanResultCurrent({ at: 0, outcome: { kind: 'print-requested', ...order }, settledAt: null }, 10 * SCAN_RESULT_SHOWN_MS)).toBe(true);
    const settled = { at: 0, outcome: { kind: 'print-issued' as const, ...order, waybillCode: 'YT1' }, settledAt: 5 * SCAN_RESULT_SHOWN_MS };
    expect(isScanResultCurrent(settled, 5 * SCAN_RESULT_SHOWN_MS + 1000)).toBe(true);
    expect(isScanResultCurrent(settled, 6 * SCAN_RESULT_SHOWN_MS)).toBe(false);
  });
});
