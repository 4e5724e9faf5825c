/**
 * The waybills of a journal row, as a join condition: the row's own waybill (shared by the
 * orders of a merged package), or, for an order shipped in several parcels, every parcel's
 * waybill once the order is settled (migration 15). `w` and `j` are the aliases of `waybills`
 * and `journal_orders`.
 */
export const WAYBILLS_OF_JOURNAL_ROW = `((w.waybill_code = j.waybill_code AND w.parcel_order_number IS NULL)
  OR (j.waybill_code IS NOT NULL AND w.gateway_shop_id = j.gateway_shop_id AND w.parcel_order_number = j.order_number))`;
