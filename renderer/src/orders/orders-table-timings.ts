/**
 * The User Timing marks and measures of the orders table, visible in the browser's performance
 * tools and read by the orders-table benchmark (`bench/orders-table-bench.ts`):
 *
 * - `orders-table:first-paint` (measure): from the moment `orders.list` data reaches the table
 *   (`orders-table:data-available`: its views are built) to the first frame painted with its rows.
 * - `orders-table:filter` (measure): from a local filter change (`orders-table:filter-start`) to
 *   the first frame painted with the filtered rows.
 *
 * Names only (no DOM), so that the benchmark under Node can import them.
 */
export const ORDERS_TABLE_TIMINGS = {
  dataAvailable: 'orders-table:data-available',
  firstPaint: 'orders-table:first-paint',
  filterStart: 'orders-table:filter-start',
  filter: 'orders-table:filter',
} as const;
