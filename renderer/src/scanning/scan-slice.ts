import type { StateCreator } from 'zustand';
import type { ScanMode, ScanOutcome } from './scan-resolution';

/** One scan as the scan panel lists it. */
export interface ScanRecord {
  id: number;
  /** Epoch ms. */
  at: number;
  outcome: ScanOutcome;
  /** The order is loaded but the local filters hide it. */
  hiddenByFilters: boolean;
  /** When a scan-to-print job ended for it (epoch ms); null until then, or for other scans. */
  settledAt: number | null;
}

/** Scanning's UI state: the mode and the recent scans. */
export interface ScanSlice {
  scanMode: ScanMode;
  setScanMode: (mode: ScanMode) => void;
  toggleScanMode: () => void;
  /** Latest first; the panel shows the first few. */
  scans: readonly ScanRecord[];
  recordScan: (outcome: ScanOutcome, at: number, hiddenByFilters: boolean) => void;
  /**
   * Once a scan-to-print job ends, its scans that still say "issuing and printing" say how it
   * ended for their order: the waybill (null: none was issued). `at`: when it ended, epoch ms.
   */
  settleScanPrint: (orderNumber: string, waybillCode: string | null, at: number) => void;
  /** The last double scan ignored (shown quietly, never beeped). */
  ignoredScan: { code: string; at: number } | null;
  noteIgnoredScan: (code: string, at: number) => void;
}

/** How many scans are kept for the panel. */
export const KEPT_SCANS = 30;

/** Creates the scanning slice of the UI store. */
export const createScanSlice: StateCreator<ScanSlice, [], [], ScanSlice> = (set) => {
  let nextId = 1;
  return {
    scanMode: 'select',
    setScanMode: (scanMode) => set({ scanMode }),
    toggleScanMode: () => set((state) => ({ scanMode: state.scanMode === 'select' ? 'print' : 'select' })),
    scans: [],
    recordScan: (outcome, at, hiddenByFilters) => set((state) => ({ scans: [{ id: nextId++, at, outcome, hiddenByFilters, settledAt: null }, ...state.scans].slice(0, KEPT_SCANS) })),
    settleScanPrint: (orderNumber, waybillCode, at) =>
      set((state) => ({
        scans: state.scans.map((record) => {
          const { outcome } = record;
          // A verified order's release went to issue & print as a scan-to-print order does.
          if ((outcome.kind !== 'print-requested' && outcome.kind !== 'verify-released') || outcome.orderNumber !== orderNumber) return record;
          const { code, shopId } = outcome;
          const settled: ScanOutcome = waybillCode === null ? { kind: 'print-not-issued', code, shopId, orderNumber } : { kind: 'print-issued', code, shopId, orderNumber, waybillCode };
          return { ...record, outcome: settled, settledAt: at };
        }),
      })),
    ignoredScan: null,
    noteIgnoredScan: (code, at) => set({ ignoredScan: { code, at } }),
  };
};
