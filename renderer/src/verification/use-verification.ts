import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { shopOrderKey, type ShopOrderRef } from '../../../shared/domain/shop-order';
import type { StationError } from '../../../shared/errors/station-error';
import type { BarcodeMapping, DeskEvent, GoodsLineKey, VerificationMismatch } from '../../../shared/domain/verification';
import { useUi, useUiStoreApi } from '../app/ui-store-context';
import { unwrapResult, useStation } from '../bridge/station-context';
import type { OrderView } from '../orders/order-view';
import { useWeighParcel } from '../scale/use-weigh-parcel';
import type { ScanOutcome } from '../scanning/scan-resolution';
import { countByHand, isComplete, scanItem, startVerifying, totalsOf, type VerifySession } from './verification-session';
import type { ItemWithoutOrder } from './verification-slice';

/** The query key of a shop's learned barcodes. */
export const barcodesKey = (shopId: string) => ['verification-barcodes', shopId] as const;

/** A desk event as the contract takes it (main stamps the time). */
type DeskEventInput = DeskEvent extends infer Event ? (Event extends DeskEvent ? Omit<Event, 'at'> : never) : never;

/** What the desk does for scan-to-verify; `tell` shows an outcome in the scan panel and sounds it. */
export interface Verification {
  /** An order scanned in verify mode: its goods are listed (or, verified already, the alarm). */
  start(view: OrderView, outcome: Extract<ScanOutcome, { kind: 'verify-started' }>, heldBackConfirmed?: boolean): void;
  /** A scan that is no order: an item of the order being verified. */
  item(code: string): void;
  /** An order refused in verify mode because its label is out already: recorded as a mismatch caught. */
  refusedPrinted(outcome: Extract<ScanOutcome, { kind: 'already-printed' }>): void;
  /** The packer said which goods line an unknown barcode is (null: none of this order's). */
  answerBarcode(goods: GoodsLineKey | null): Promise<void>;
  /** Goods counted by hand ("no barcode"), with the reason recorded. */
  countByHand(goods: GoodsLineKey, count: number, reason: string): Promise<void>;
  /** Weighs and releases the complete order to issue and print; a typed weight instead of the scale's. */
  release(typedG?: number): Promise<void>;
  /** Why the complete order waits (the scale has no stable weight, or a weight was refused); null otherwise. */
  weighProblem: StationError | 'declined' | null;
  /** The shop's learned barcodes as loaded (an item scan not found in them for its order's shop reads them again first). */
  learned: ReadonlyMap<string, BarcodeMapping>;
}

/**
 * Scan-to-verify at the desk: the order scanned in verify mode is listed with its goods, each item
 * scan ticks one, an unknown barcode is asked about once (and learned for the shop), and wrong
 * items, one too many and orders verified or printed already sound the alarm and are recorded as
 * desk events; when every line is complete the parcel is weighed (a scale set) and released to
 * issue and print — never before.
 */
export function useVerification(tell: (outcome: ScanOutcome) => void): Verification {
  const station = useStation();
  const store = useUiStoreApi();
  const client = useQueryClient();
  const weighParcel = useWeighParcel();
  const shopId = useUi((state) => state.verifying?.order.shopId ?? null);
  const barcodes = useQuery({
    queryKey: barcodesKey(shopId ?? ''),
    queryFn: () => unwrapResult(station['verification.barcodes']({ shopId: shopId ?? '' })),
    enabled: shopId !== null,
    staleTime: 0,
  });
  const learned = useMemo(() => new Map((barcodes.data ?? []).map((mapping) => [mapping.barcode, mapping])), [barcodes.data]);
  const learnedNow = useRef(learned);
  useEffect(() => {
    learnedNow.current = learned;
  }, [learned]);
  const [weighProblem, setWeighProblem] = useState<StationError | 'declined' | null>(null);
  // Whether each order scanned in this session was verified before, as main answered (or is answering).
  const verifiedBefore = useRef(new Map<string, Promise<boolean>>());

  const record = useCallback((event: DeskEventInput) => void station['verification.record'](event), [station]);
  const alarm = useCallback(
    (order: ShopOrderRef | null, mismatch: VerificationMismatch | ItemWithoutOrder, barcode: string, goods: GoodsLineKey | null) => {
      store.getState().setVerifyAlarm({ mismatch, barcode, goods, at: Date.now() });
      if (order !== null && mismatch !== 'no-order' && mismatch !== 'order-changed') record({ kind: 'verification.mismatch', ...order, details: { mismatch, barcode, goodsName: goods?.goodsName ?? null, goodsSpec: goods?.goodsSpec ?? null } });
    },
    [store, record],
  );

  const release = useCallback(
    async (typedG?: number) => {
      const session = store.getState().verifying;
      if (session === null || session.releasedAt !== null || !isComplete(session)) return;
      // Verified before (an earlier session, another desk): the answer refuses it before any label comes out.
      if (await verifiedBefore.current.get(shopOrderKey(session.order))) return;
      const weighing = await weighParcel(typedG);
      if (!weighing.ok) {
        setWeighProblem(weighing.error ?? 'declined');
        return;
      }
      setWeighProblem(null);
      const state = store.getState();
      // Scanned meanwhile (another order, or released by a second call): nothing twice.
      if (state.verifying !== session) return;
      state.markVerified(shopOrderKey(session.order));
      state.setVerifying({ ...session, releasedAt: Date.now() });
      state.scanToPrint(session.order, session.heldBackConfirmed, weighing.weightG ?? undefined);
      record({ kind: 'verification.completed', ...session.order, details: { ...totalsOf(session), weightG: weighing.weightG } });
      tell({ kind: 'verify-released', code: session.order.orderNumber, ...session.order });
    },
    [store, weighParcel, record, tell],
  );

  const afterTick = useCallback(
    (session: VerifySession) => {
      store.getState().setVerifying(session);
      if (isComplete(session)) void release();
    },
    [store, release],
  );

  const start = useCallback(
    (view: OrderView, outcome: Extract<ScanOutcome, { kind: 'verify-started' }>, heldBackConfirmed = false) => {
      const state = store.getState();
      setWeighProblem(null);
      const refuse = () => {
        alarm(view.ref, 'already-verified', outcome.code, null);
        tell({ ...outcome, kind: 'already-verified' });
      };
      if (state.verifiedOrders.includes(view.key)) {
        refuse();
        return;
      }
      // Verified in an earlier session or at another desk (main remembers): the goods are listed at
      // once, and the answer, a moment later, turns them into the alarm (release waits for it).
      const asked = unwrapResult(station['verification.verified'](view.ref)).then(
        (verified) => verified !== null,
        () => false,
      );
      verifiedBefore.current.set(view.key, asked);
      const session = startVerifying(view, heldBackConfirmed);
      state.setVerifying(session);
      void asked.then((before) => {
        if (!before) return;
        const now = store.getState();
        if (now.verifying !== null && shopOrderKey(now.verifying.order) === view.key) now.setVerifying(null);
        if (!now.verifiedOrders.includes(view.key)) now.markVerified(view.key);
        refuse();
      });
      void client.invalidateQueries({ queryKey: barcodesKey(view.ref.shopId) });
      tell(outcome);
    },
    [store, station, alarm, tell, client],
  );

  // Item scans are handled one after another: one that reads the barcodes again holds the next behind it.
  const itemsHandled = useRef(Promise.resolve());
  const handleItem = useCallback(
    async (code: string, scannedFor: VerifySession | null) => {
      if (scannedFor === null) {
        alarm(null, 'no-order', code, null);
        tell({ kind: 'item-no-order', code });
        return;
      }
      // A barcode this page does not know for the order's shop may be learned all the same: the list
      // was still loading (an item scanned right after its order), or it was learned since in
      // Settings or at another desk. Read it again before asking the packer to teach it.
      const shopId = scannedFor.order.shopId;
      const known = learnedNow.current.get(code)?.shopId === shopId;
      const read = known
        ? learnedNow.current
        : await client
            .fetchQuery({ queryKey: barcodesKey(shopId), queryFn: () => unwrapResult(station['verification.barcodes']({ shopId })), staleTime: 0 })
            .then((mappings) => new Map(mappings.map((mapping) => [mapping.barcode, mapping])))
            .catch(() => learnedNow.current);
      // Only the shop's own mapping judges the item (a list that could not be read leaves it unknown: asked).
      const learned = read.get(code)?.shopId === shopId ? read : new Map([...read].filter(([barcode]) => barcode !== code));
      const session = store.getState().verifying;
      if (session === null) {
        alarm(null, 'no-order', code, null);
        tell({ kind: 'item-no-order', code });
        return;
      }
      // An order was scanned while the item waited (another, or the same one again, starting at nought):
      // the item was packed for the verifying it was scanned in, never for this one.
      if (session.id !== scannedFor.id) {
        alarm(null, 'order-changed', code, null);
        tell({ kind: 'item-order-changed', code, orderNumber: scannedFor.order.orderNumber });
        return;
      }
      const scanned = scanItem(session, code, learned);
      if (scanned.kind === 'unknown-barcode') {
        store.getState().setBarcodeQuestion(code);
        tell({ kind: 'item-unknown', code });
      } else if (scanned.kind === 'mismatch') {
        alarm(session.order, scanned.mismatch, code, scanned.goods);
        tell({ kind: scanned.mismatch === 'wrong-item' ? 'item-wrong' : 'item-one-too-many', code, goodsName: scanned.goods.goodsName });
      } else {
        store.getState().setVerifyAlarm(null);
        tell({ kind: 'item-ticked', code, goodsName: scanned.line.goodsName, scanned: scanned.line.scanned + scanned.line.overridden, expected: scanned.line.expected });
        afterTick(scanned.session);
      }
    },
    [store, client, station, alarm, tell, afterTick],
  );
  /** Judges an item for the order it was scanned for, after the items before it. */
  const judgeItem = useCallback(
    (code: string, scannedFor: VerifySession | null) => {
      // A failure is the page's error (reported, never swallowed), and the next scan is still handled.
      itemsHandled.current = itemsHandled.current.then(() => handleItem(code, scannedFor)).catch(reportError);
    },
    [handleItem],
  );
  // The item is scanned for the verifying under way now, whenever it is judged.
  const item = useCallback((code: string) => judgeItem(code, store.getState().verifying), [store, judgeItem]);

  const answerBarcode = useCallback(
    async (goods: GoodsLineKey | null) => {
      const state = store.getState();
      const barcode = state.barcodeQuestion;
      const session = state.verifying;
      state.setBarcodeQuestion(null);
      if (barcode === null || session === null) return;
      if (goods === null) {
        // Not this order's goods: not learned (it is some other line of the shop), but the alarm sounds.
        alarm(session.order, 'wrong-item', barcode, null);
        tell({ kind: 'item-wrong', code: barcode, goodsName: '' });
        return;
      }
      const mapping = await unwrapResult(station['verification.learn']({ shopId: session.order.shopId, barcode, goodsName: goods.goodsName, goodsSpec: goods.goodsSpec }));
      learnedNow.current = new Map([...learnedNow.current, [mapping.barcode, mapping]]);
      client.setQueryData<BarcodeMapping[]>(barcodesKey(mapping.shopId), (before) => [...(before ?? []).filter((known) => known.barcode !== mapping.barcode), mapping]);
      // For the verifying it was asked in, even if an order was scanned while the barcode was learned.
      judgeItem(barcode, session);
    },
    [store, station, client, alarm, tell, judgeItem],
  );

  const countLine = useCallback(
    async (goods: GoodsLineKey, count: number, reason: string) => {
      const session = store.getState().verifying;
      if (session === null || session.releasedAt !== null) return;
      await unwrapResult(station['verification.record']({ kind: 'verification.override', ...session.order, details: { goodsName: goods.goodsName, goodsSpec: goods.goodsSpec, count, reason } }));
      // Counted on the session as it is now (an item may have ticked meanwhile), and only if it is the
      // same verifying: an order scanned while the count was recorded is not given it, nor put back.
      const now = store.getState().verifying;
      if (now === null || now.id !== session.id || now.releasedAt !== null) return;
      afterTick(countByHand(now, goods, count));
    },
    [store, station, afterTick],
  );

  const refusedPrinted = useCallback(
    (outcome: Extract<ScanOutcome, { kind: 'already-printed' }>) => alarm({ shopId: outcome.shopId, orderNumber: outcome.orderNumber }, 'already-printed', outcome.code, null),
    [alarm],
  );

  return { start, item, refusedPrinted, answerBarcode, countByHand: countLine, release, weighProblem, learned };
}
