import type { SoldOrder } from '../../../shared/domain/sold-order';
import type { StationDatabase } from './open-station-database';
import type { PaperworkReader } from '../station-backend';

/** What paperwork reads of the journal on the station database: each order as it was issued, grouped by waybill. */
export function createLocalPaperworkSources(db: StationDatabase): PaperworkReader {
  const statements = {
    waybillOfOrder: db.prepare(`SELECT waybill_code FROM journal_orders WHERE gateway_shop_id = ? AND order_number = ? AND waybill_code IS NOT NULL`),
    packageOfWaybill: db.prepare(`SELECT w.carrier_code, o.order_json
      FROM waybills w JOIN journal_orders j ON j.waybill_code = w.waybill_code JOIN job_orders m ON m.shop_id = j.gateway_shop_id AND m.order_number = j.order_number AND m.job_id = j.job_id
      JOIN sold_orders o ON o.id = m.sold_order_id
      WHERE w.waybill_code = ? ORDER BY m.position`),
    jobOrders: db.prepare(`SELECT order_number FROM job_orders WHERE job_id = ? AND package_key IS NOT NULL ORDER BY position`),
  };
  return {
    waybillOfOrder: async (shopId, orderNumber) => (statements.waybillOfOrder.get(shopId, orderNumber) as { waybill_code: string } | undefined)?.waybill_code,
    async packageOfWaybill(waybillCode) {
      const rows = statements.packageOfWaybill.all(waybillCode) as { carrier_code: string | null; order_json: string }[];
      return { carrierCode: rows[0]?.carrier_code ?? '', orders: rows.map((row) => JSON.parse(row.order_json) as SoldOrder) };
    },
    packedOrderNumbers: async (jobId) => (statements.jobOrders.all(jobId) as { order_number: string }[]).map((row) => row.order_number),
  };
}
