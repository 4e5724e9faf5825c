import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OrderListingShop } from '../../../shared/domain/order-row';
import { shopOrderKey } from '../../../shared/domain/shop-order';
import { useUiStoreApi } from '../app/ui-store-context';
import { matchesLocalFilters } from '../orders/order-filters';
import type { OrderView } from '../orders/order-view';
import { useHeldBackStatuses } from '../orders/use-held-back-statuses';
import { createScanBeeper } from './scan-beep';
import { SCAN_TIMINGS } from './scan-timings';
import { buildScanIndex, resolveScan, resolveScannedOrder, toneOf, type ScanMode, type ScanOutcome } from './scan-resolution';
import { useScanner } from './use-scanner';
import { useVerification } from '../verification/use-verification';
import { useUi } from '../app/ui-store-context';

/** A scanned order number sold in several loaded shops, waiting for the packer to say which shop. */
export interface ScanShopQuestion {
  code: string;
  orderNumber: string;
  mode: ScanMode;
  /** The loaded orders of that number, one per shop, in the order of the account's shops. */
  orders: readonly OrderView[];
}

/**
 * What the desk does with a scan: find the order (or the order of a waybill number), select it
 * or hand it to issue-and-print, put the outcome in the scan panel and sound its tone. An order of
 * a held-back status only sounds the alarm: the panel asks before anything is done with it. An
 * order number sold in several loaded shops is asked about (`question`): `chooseShop` goes on
 * with the shop's order, `dismissQuestion` leaves it. `submitTyped` reads a number entered in the
 * scan box as a scan.
 */
export function useScanHandling(views: readonly OrderView[], shops: readonly OrderListingShop[]) {
  const store = useUiStoreApi();
  const index = useMemo(() => buildScanIndex(views, shops.map((shop) => shop.shopId)), [views, shops]);
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
  const [question, setQuestion] = useState<ScanShopQuestion | null>(null);
  // Scan-to-verify shows its outcomes in the same panel, with the same sounds.
  const tell = useCallback(
    (outcome: ScanOutcome) => {
      store.getState().recordScan(outcome, Date.now(), false);
      beeper.play(toneOf(outcome));
    },
    [store, beeper],
  );
  const verification = useVerification(tell);

  /** Does what the outcome says, shows it in the panel and sounds it. */
  const act = useCallback(
    (outcome: ScanOutcome, view: OrderView | undefined) => {
      const state = store.getState();
      if (outcome.kind === 'verify-started' && view !== undefined) {
        state.showRow(view.key);
        verification.start(view, outcome);
        return;
      }
      if (outcome.kind === 'already-printed' && state.scanMode === 'verify') verification.refusedPrinted(outcome);
      if (outcome.kind === 'print-requested') state.scanToPrint({ shopId: outcome.shopId, orderNumber: outcome.orderNumber });
      if ('shopId' in outcome) {
        const key = shopOrderKey(outcome);
        if (outcome.kind === 'selected') state.selectRows([key]);
        else state.showRow(key);
      }
      const hiddenByFilters = view !== undefined && !matchesLocalFilters(view, state.localFilters, Date.now());
      state.recordScan(outcome, Date.now(), hiddenByFilters);
      beeper.play(toneOf(outcome));
    },
    [store, beeper, verification],
  );

  const submitTyped = useScanner({
    onScan: (code) => {
      performance.mark(SCAN_TIMINGS.detected);
      const mode = store.getState().scanMode;
      const outcome = resolveScan(current.current, code, mode, heldBackNow.current);
      // In verify mode a code that is no order (nor its waybill) is an item of the order being verified.
      if (mode === 'verify' && outcome.kind === 'unknown') {
        verification.item(code);
        return;
      }
      if (outcome.kind === 'choose-shop') {
        // Never a guess: nothing is selected or issued until the packer says which shop.
        store.getState().recordScan(outcome, Date.now(), false);
        beeper.play(toneOf(outcome));
        setQuestion({ code, orderNumber: outcome.orderNumber, mode, orders: current.current.byOrderNumber.get(code) ?? [] });
        return;
      }
      const found = current.current;
      act(outcome, outcome.kind === 'unknown' ? undefined : (found.byOrderNumber.get(code)?.[0] ?? found.byWaybillCode.get(code)));
    },
    onDuplicate: (code) => store.getState().noteIgnoredScan(code, Date.now()),
  });

  const chooseShop = useCallback(
    (order: OrderView) => {
      if (question === null) return;
      setQuestion(null);
      act(resolveScannedOrder(order, question.code, question.mode, heldBackNow.current), order);
    },
    [question, act],
  );
  const dismissQuestion = useCallback(() => setQuestion(null), []);

  // "Verify it anyway" after a held-back order's alarm: its goods are listed, and it is issued with that confirmation.
  const verifyRequest = useUi((state) => state.verifyRequest);
  useEffect(() => {
    if (verifyRequest === null) return;
    const order = store.getState().takeVerifyRequest();
    const view = order === null ? undefined : views.find((candidate) => candidate.ref.shopId === order.shopId && candidate.ref.orderNumber === order.orderNumber);
    if (view) verification.start(view, { kind: 'verify-started', code: view.ref.orderNumber, ...view.ref }, true);
  }, [verifyRequest, views, store, verification]);
  return { question, chooseShop, dismissQuestion, submitTyped, verification };
}
