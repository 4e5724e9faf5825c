import { describe, expect, it } from 'vitest';
import { shopOrderKey, type ShopOrderRef } from '../../../shared/domain/shop-order';
import { KEPT_SCANS } from '../scanning/scan-slice';
import { createUiStore } from './ui-store';

/** An order of a shop (S1 unless given). */
const order = (orderNumber: string, shopId = 'S1'): ShopOrderRef => ({ shopId, orderNumber });

describe('the UI store', () => {
  it('starts in the given language, on the desk, selecting on scan, with nothing selected or filtered', () => {
    const state = createUiStore('zh-CN').getState();
    expect(state.language).toBe('zh-CN');
    expect(state.helpOpen).toBe(false);
    expect(state.settingsOpen).toBe(false);
    expect(state.scanMode).toBe('select');
    expect(state.selection.selected.size).toBe(0);
    expect(state.localFilters.text).toBe('');
    expect(state.serverFilters.range).toBeNull();
  });

  it('queues a scan handed to issue & print, and hands the queued orders out oldest first', () => {
    const store = createUiStore('en');
    store.getState().toggleScanMode();
    expect(store.getState().scanMode).toBe('print');
    store.getState().scanToPrint(order('1001'));
    store.getState().scanToPrint(order('1001', 'S2'));
    expect(store.getState().scanPrintRequests).toEqual([order('1001'), order('1001', 'S2')]);
    expect(store.getState().takeScanPrintRequest()).toEqual(order('1001'));
    expect(store.getState().takeScanPrintRequest()).toEqual(order('1001', 'S2'));
    expect(store.getState().takeScanPrintRequest()).toBeNull();
  });

  it('settles a scan-to-print scan once its job ended: the waybill issued, or none', () => {
    const store = createUiStore('en');
    store.getState().recordScan({ kind: 'print-requested', code: '1001', ...order('1001') }, 1, false);
    store.getState().recordScan({ kind: 'print-requested', code: '1002', ...order('1002') }, 2, false);
    store.getState().recordScan({ kind: 'selected', code: '1003', ...order('1003') }, 3, false);
    store.getState().settleScanPrint('1001', 'YT1', 10);
    store.getState().settleScanPrint('1002', null, 10);
    store.getState().settleScanPrint('1003', 'YT3', 10);
    expect(store.getState().scans.map((record) => record.outcome)).toEqual([
      { kind: 'selected', code: '1003', ...order('1003') },
      { kind: 'print-not-issued', code: '1002', ...order('1002') },
      { kind: 'print-issued', code: '1001', ...order('1001'), waybillCode: 'YT1' },
    ]);
    // The settled lines keep when their job ended (the result box shows them from then on); the others none.
    expect(store.getState().scans.map((record) => record.settledAt)).toEqual([null, 10, 10]);
  });

  it('remembers which scanned orders of a held-back status the packer confirmed for issue & print', () => {
    const store = createUiStore('en');
    store.getState().scanToPrint(order('1001'));
    store.getState().scanToPrint(order('1002'), true);
    expect(store.getState().scanPrintRequests).toEqual([order('1001'), order('1002')]);
    expect(store.getState().confirmedHeldBackScans).toEqual([shopOrderKey(order('1002'))]);
  });

  it('opens a plan, shows a job and closes the issue drawer', () => {
    const store = createUiStore('en');
    store.getState().planOrders([order('b'), order('a', 'S2')]);
    expect(store.getState().issueView).toEqual({ kind: 'plan', orders: [order('b'), order('a', 'S2')] });
    store.getState().showJob('job-1');
    expect(store.getState().issueView).toEqual({ kind: 'job', jobId: 'job-1', beside: false });
    store.getState().closeIssue();
    expect(store.getState().issueView).toEqual({ kind: 'closed' });
  });

  it('keeps the latest scans first, and only the last few', () => {
    const store = createUiStore('en');
    for (let index = 0; index < KEPT_SCANS + 5; index++) {
      store.getState().recordScan({ kind: 'unknown', code: `CODE${index}` }, index, false);
    }
    const { scans } = store.getState();
    expect(scans).toHaveLength(KEPT_SCANS);
    expect(scans[0]?.outcome.code).toBe(`CODE${KEPT_SCANS + 4}`);
    expect(new Set(scans.map((scan) => scan.id)).size).toBe(KEPT_SCANS);
  });

  it('selects, shows and clears rows, and sets and clears filters', () => {
    const store = createUiStore('en');
    const { selectRows, showRow, unselectRows, clearSelection, setLocalFilters, clearLocalFilters } = store.getState();
    selectRows(['a', 'b', 'c']);
    unselectRows(['b']);
    expect([...store.getState().selection.selected]).toEqual(['a', 'c']);
    showRow('z');
    expect(store.getState().selection.cursor).toBe('z');
    clearSelection();
    expect(store.getState().selection.selected.size).toBe(0);
    setLocalFilters({ text: '杭州', urgentOnly: true });
    expect(store.getState().localFilters).toMatchObject({ text: '杭州', urgentOnly: true, progress: 'all' });
    clearLocalFilters();
    expect(store.getState().localFilters.text).toBe('');
  });

  it('selects the same order number in two shops as two rows, and hands the selection to the plan as shop orders in the order chosen', () => {
    const store = createUiStore('en');
    const [a1, b1, a2] = [order('1001'), order('1001', 'S2'), order('1002')].map(shopOrderKey) as [string, string, string];
    store.getState().toggleRow(a1);
    store.getState().toggleRow(b1);
    expect(store.getState().selection.selected.size).toBe(2);
    store.getState().selectRows([a2]);
    // The table shows a2 before a1; b1 is hidden by the filters.
    expect(store.getState().selectedOrders([a2, a1])).toEqual([order('1002'), order('1001'), order('1001', 'S2')]);
    store.getState().toggleRow(a1);
    expect(store.getState().selectedOrders([a2, a1, b1])).toEqual([order('1002'), order('1001', 'S2')]);
  });
});
