import { useEffect, useMemo, useRef } from 'react';
import { useUiStoreApi } from '../app/ui-store-context';
import { matchesLocalFilters } from '../orders/order-filters';
import type { OrderView } from '../orders/order-view';
import { useHeldBackStatuses } from '../orders/use-held-back-statuses';
import { createScanBeeper } from './scan-beep';
import { normalizeScanText } from './scan-input';
import { buildScanIndex, resolveScan, toneOf, type ScanOutcome } from './scan-resolution';
import { useScanner } from './use-scanner';

/**
 * What the desk does with a scan: find the order (or the order of a waybill number), select it
 * or hand it to issue-and-print, put the outcome in the scan panel and sound its tone. An order of
 * a held-back status only sounds the alarm: the panel asks before anything is done with it.
 */
export function useScanHandling(views: readonly OrderView[]): void {
  const store = useUiStoreApi();
  const index = useMemo(() => buildScanIndex(views), [views]);
  const current = useRef(index);
  useEffect(() => {
    current.current = index;
  }, [index]);
  const heldBack = useHeldBackStatuses();
  const heldBackNow = useRef(heldBack);
  useEffect(() => {
    heldBackNow.current = heldBack;
  }, [heldBack]);
  const beeper = useMemo(() => createScanBeeper(), []);
  useEffect(() => () => beeper.close(), [beeper]);

  useScanner({
    onScan: (code) => {
      const state = store.getState();
      const outcome: ScanOutcome = resolveScan(current.current, code, state.scanMode, heldBackNow.current);
      if (outcome.kind === 'print-requested') state.scanToPrint(outcome.orderNumber);
      if (outcome.kind === 'selected') state.selectRows([outcome.orderNumber]);
      else if (outcome.kind !== 'unknown') state.showRow(outcome.orderNumber);
      const view = outcome.kind === 'unknown' ? undefined : current.current.byOrderNumber.get(normalizeScanText(outcome.orderNumber));
      const hiddenByFilters = view !== undefined && !matchesLocalFilters(view, state.localFilters, Date.now());
      state.recordScan(outcome, Date.now(), hiddenByFilters);
      beeper.play(toneOf(outcome));
    },
    onDuplicate: (code) => store.getState().noteIgnoredScan(code, Date.now()),
  });
}
