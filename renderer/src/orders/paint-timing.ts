import { ORDERS_TABLE_TIMINGS } from './orders-table-timings';

/** Marks and measures the orders table's paints (names and meaning: `orders-table-timings.ts`). */

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
