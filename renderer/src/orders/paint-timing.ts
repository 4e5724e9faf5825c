/**
 * User Timing marks of the orders table, visible in the browser's performance tools and read by
 * the orders-table benchmark (`bench/orders-table-bench.ts`):
 *
 * - `orders-table:first-paint` (measure): from the moment `orders.list` data is in the renderer
 *   (`orders-table:data-available`) to the first frame painted with its rows.
 * - `orders-table:filter` (measure): from a local filter change (`orders-table:filter-start`) to
 *   the first frame painted with the filtered rows.
 */

/** The names of the marks and measures. */
export const ORDERS_TABLE_TIMINGS = {
  dataAvailable: 'orders-table:data-available',
  firstPaint: 'orders-table:first-paint',
  filterStart: 'orders-table:filter-start',
  filter: 'orders-table:filter',
} as const;

let pendingFilter = false;
let firstPaintMeasured = false;

/** Marks that orders data just reached the renderer (the start of the first-paint measure). */
export function markOrdersDataAvailable(): void {
  performance.mark(ORDERS_TABLE_TIMINGS.dataAvailable);
}

/** Marks that a local filter is being applied (the start of the filter measure). */
export function markFilterApplied(): void {
  performance.mark(ORDERS_TABLE_TIMINGS.filterStart);
  pendingFilter = true;
}

/**
 * Called after the table committed rows to the DOM: measures, once the frame is painted, the
 * first paint with data and each paint after a filter change. A frame is painted after the
 * animation-frame callback that precedes it; a task queued from that callback runs after the paint.
 */
export function measureRowsPainted(rowCount: number): void {
  const firstPaint = !firstPaintMeasured && rowCount > 0 && performance.getEntriesByName(ORDERS_TABLE_TIMINGS.dataAvailable).length > 0;
  const filter = pendingFilter;
  if (!firstPaint && !filter) return;
  if (firstPaint) firstPaintMeasured = true;
  pendingFilter = false;
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (firstPaint) performance.measure(ORDERS_TABLE_TIMINGS.firstPaint, ORDERS_TABLE_TIMINGS.dataAvailable);
      if (filter) performance.measure(ORDERS_TABLE_TIMINGS.filter, ORDERS_TABLE_TIMINGS.filterStart);
    }, 0);
  });
}
