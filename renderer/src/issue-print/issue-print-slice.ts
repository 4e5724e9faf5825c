import type { StateCreator } from 'zustand';
import { shopOrderKey, type ShopOrderRef } from '../../../shared/domain/shop-order';

/** What the issue & print drawer shows: the plan of some orders, or a running job. */
export type IssueView =
  | { kind: 'closed' }
  /** The plan of these orders (in the user's order), before anything is issued. */
  | { kind: 'plan'; orders: readonly ShopOrderRef[] }
  /**
   * A started job: its live view, and its summary once it ends (kept until dismissed). `beside`:
   * started by a scan, shown narrow and without a mask beside the scan panel, whose feedback the
   * next parcel needs.
   */
  | { kind: 'job'; jobId: string; beside: boolean };

/** Issue & print's UI state: the drawer, the history drawer, and scans waiting to be issued. */
export interface IssuePrintSlice {
  issueView: IssueView;
  /** Opens the plan of these orders. */
  planOrders: (orders: readonly ShopOrderRef[]) => void;
  /** Shows a job's live view (after start, retry, or from the recovery view); `beside` for a scan-to-print job. */
  showJob: (jobId: string, beside?: boolean) => void;
  /** Dismisses the drawer (the job goes on in main). */
  closeIssue: () => void;
  historyOpen: boolean;
  setHistoryOpen: (open: boolean) => void;
  /** Orders scanned in scan-to-print mode, waiting to be planned and started (first first). */
  scanPrintRequests: readonly ShopOrderRef[];
  /** Scanned orders of a held-back status the packer confirmed ("issue anyway"), by `shopOrderKey`: planned with that confirmation. */
  confirmedHeldBackScans: readonly string[];
  /** Parcel weights (g) already taken for waiting scan-to-print orders (scan-to-verify weighs before it releases), by `shopOrderKey`. */
  scanWeights: Readonly<Record<string, number>>;
  /**
   * Hands a scanned order to issue & print (scan-to-print mode): it waits its turn to be planned
   * and started; `confirmedHeldBack` when the packer confirmed an order of a held-back status;
   * `weightG` when its parcel was weighed already.
   */
  scanToPrint: (order: ShopOrderRef, confirmedHeldBack?: boolean, weightG?: number) => void;
  /** Takes the weight taken for a waiting order off the list (used once: a later scan of it is weighed again). */
  takeScanWeight: (key: string) => number | undefined;
  /** Takes the oldest waiting scan-to-print order off the list. */
  takeScanPrintRequest: () => ShopOrderRef | null;
}

/** Creates the issue & print slice, with scanning's scan-to-print hand-over. */
export const createIssuePrintSlice: StateCreator<IssuePrintSlice, [], [], IssuePrintSlice> = (set, get) => ({
  issueView: { kind: 'closed' },
  planOrders: (orders) => set({ issueView: { kind: 'plan', orders: [...orders] } }),
  showJob: (jobId, beside = false) => set({ issueView: { kind: 'job', jobId, beside } }),
  closeIssue: () => set({ issueView: { kind: 'closed' } }),
  historyOpen: false,
  setHistoryOpen: (historyOpen) => set({ historyOpen }),
  scanPrintRequests: [],
  takeScanPrintRequest: () => {
    const [first, ...rest] = get().scanPrintRequests;
    if (first === undefined) return null;
    set({ scanPrintRequests: rest });
    return first;
  },
  confirmedHeldBackScans: [],
  scanWeights: {},
  takeScanWeight: (key) => {
    const { [key]: weightG, ...rest } = get().scanWeights;
    if (weightG !== undefined) set({ scanWeights: rest });
    return weightG;
  },
  scanToPrint: (order, confirmedHeldBack = false, weightG) =>
    set((state) => ({
      scanPrintRequests: [...state.scanPrintRequests, order],
      confirmedHeldBackScans: confirmedHeldBack ? [...state.confirmedHeldBackScans, shopOrderKey(order)] : state.confirmedHeldBackScans,
      scanWeights: weightG === undefined ? state.scanWeights : { ...state.scanWeights, [shopOrderKey(order)]: weightG },
    })),
});
