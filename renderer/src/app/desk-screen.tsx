import { memo, useEffect, useMemo } from 'react';
import { IssuePrintButton } from '../issue-print/issue-print-button';
import { ORDER_SEARCH_ID, LocalFilters } from '../orders/local-filters';
import { applyLocalFilters, hasLocalFilters } from '../orders/order-filters';
import { isPlannableHere, plannableKeys, type OrderView } from '../orders/order-view';
import { ORDERS_GRID_ID, OrdersGrid } from '../orders/orders-grid';
import { RefreshButtons, RefreshStatus } from '../orders/refresh-control';
import { SelectionBar } from '../orders/selection-bar';
import { OrderShopsChoice } from '../orders/order-shops-choice';
import { useOrderViews } from '../orders/use-orders';
import { useOrdersRefresh } from '../orders/use-orders-refresh';
import { ScanPanel, type ScanPanelProps } from '../scanning/scan-panel';
import { ScanShopDialog } from '../scanning/scan-shop-dialog';
import { useScanHandling } from '../scanning/use-scan-handling';
import { BarcodeQuestionDialog, VerificationPanel } from '../verification/verification-panel';
import { SHIP_FROM_CARRIER_ID, ShipFromPanel } from '../ship-from/ship-from-panel';
import { useWindowShortcuts } from '../shortcuts/use-window-shortcuts';
import { useUi, useUiStoreApi } from './ui-store-context';
import { useNow } from './use-now';

/** Moves the keyboard focus to an element by id (the shortcuts' targets). */
function focusById(id: string): void {
  document.getElementById(id)?.focus();
}

/** Scanning and ship-from: they read their own state, so a filter change never renders them. */
const DeskTop = memo(function DeskTop({ onTyped }: ScanPanelProps) {
  return (
    <>
      <div className="desk__panel desk__scan">
        <ScanPanel onTyped={onTyped} />
      </div>
      <div className="desk__panel desk__ship-from">
        <ShipFromPanel />
      </div>
    </>
  );
});

/**
 * The orders the local filters show: "Issue and print N", the counts and the table. The only part
 * of the desk that renders again when a filter changes (the orders-table benchmark times it).
 */
const FilteredOrders = memo(function FilteredOrders({ views, pending, shopsKey }: { views: readonly OrderView[]; pending: boolean; shopsKey: string }) {
  const filters = useUi((state) => state.localFilters);
  const now = useNow();
  const shown = useMemo(() => applyLocalFilters(views, filters, now), [views, filters, now]);
  const firstRowOn = useMemo(() => [filters, shopsKey], [filters, shopsKey]);
  const empty = pending ? 'loading' : views.length > 0 && hasLocalFilters(filters) ? 'nothing-matches' : 'nothing-loaded';
  return (
    <>
      <div className="desk__issue">
        <IssuePrintButton shown={shown} />
      </div>
      <div className="desk__selection">
        <SelectionBar loaded={views.length} shown={shown} />
      </div>
      <OrdersGrid rows={shown} empty={empty} now={now} firstRowOn={firstRowOn} />
    </>
  );
});

/**
 * The packing desk, laid out so the orders table keeps the screen (a dozen rows at 1366×768):
 * scanning, ship-from and "Issue and print" on top, one line of loading and filters, one line of
 * counts, then the table — the only part that scrolls. Rarely used controls (full fetch, fetch by
 * condition, flag/province/urgent filters) fold into popovers. Its shortcuts (F3–F8, Ctrl+A, Esc)
 * work from anywhere on it.
 */
export function DeskScreen() {
  const { listing, views, shops, chosen } = useOrderViews();
  const store = useUiStoreApi();
  const listedShops = useMemo(() => shops.filter((shop) => shop.listed), [shops]);
  const refresh = useOrdersRefresh(chosen, listedShops);
  const scanShop = useScanHandling(views, shops);
  // The loaded shops' orders are as fresh as the shop refreshed longest ago.
  const fetchedAt = listedShops.some((shop) => shop.fetchedAt === null) ? null : Math.min(...listedShops.map((shop) => shop.fetchedAt ?? 0));
  // An order another desk took since it was ticked leaves the selection: a plan never includes it.
  useEffect(() => {
    const taken = views.filter((view) => !isPlannableHere(view)).map((view) => view.key);
    const state = store.getState();
    if (taken.some((key) => state.selection.selected.has(key))) state.unselectRows(taken);
  }, [views, store]);

  useWindowShortcuts({
    'focus-search': () => focusById(ORDER_SEARCH_ID),
    'clear-filters': () => store.getState().clearLocalFilters(),
    refresh: () => void refresh.refresh(),
    'full-refresh': () => void refresh.fullFetch(),
    'focus-orders': () => focusById(ORDERS_GRID_ID),
    'focus-ship-from': () => focusById(SHIP_FROM_CARRIER_ID),
    'toggle-scan-mode': () => store.getState().toggleScanMode(),
    'select-all': () => {
      const state = store.getState();
      state.selectRows(plannableKeys(applyLocalFilters(views, state.localFilters, Date.now())));
    },
    escape: ({ inTextField, target }) => {
      if (inTextField) {
        if (target instanceof HTMLElement) target.blur();
        focusById(ORDERS_GRID_ID);
      } else if (refresh.running) refresh.cancel();
      else store.getState().clearSelection();
    },
  });

  return (
    <div className="desk">
      <DeskTop onTyped={scanShop.submitTyped} />
      <div className="desk__tools">
        <RefreshButtons refresh={refresh} />
        <OrderShopsChoice shops={shops} />
        <LocalFilters views={views} shops={shops} />
      </div>
      <div className="desk__status">
        <RefreshStatus refresh={refresh} fetchedAt={listedShops.length === 0 ? null : fetchedAt} />
      </div>
      <FilteredOrders views={views} pending={listing.isPending} shopsKey={String(chosen?.shopIds ?? '')} />
      <VerificationPanel verification={scanShop.verification} />
      <BarcodeQuestionDialog verification={scanShop.verification} />
      {scanShop.question ? <ScanShopDialog question={scanShop.question} onChoose={scanShop.chooseShop} onCancel={scanShop.dismissQuestion} /> : null}
    </div>
  );
}
