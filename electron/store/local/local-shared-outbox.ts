import type { StationDatabase } from './open-station-database';
import type { SharedOutboxReader, SharedOutboxWriter } from '../station-backend';
import type { UnsharedWaybill } from '../station-records';

interface UnsharedRow {
  waybill_code: string;
  parent_waybill_code: string | null;
  carrier_code: string | null;
  branch_code: string | null;
  job_id: string;
  recorded_at: number;
  print_data: string | null;
  print_data_state: 'present' | 'unreadable' | 'purged';
}

/**
 * The waybills the shared history has not received yet (migration 9: `waybills.shared_at` NULL),
 * on the station database. Waybills found issued elsewhere are not this desk's to share.
 */
export function createLocalSharedOutbox(db: StationDatabase): { read: SharedOutboxReader; write: SharedOutboxWriter } {
  const statements = {
    unshared: db.prepare(`SELECT waybill_code, parent_waybill_code, carrier_code, branch_code, job_id, recorded_at, print_data, print_data_state
      FROM waybills WHERE shared_at IS NULL AND origin <> 'elsewhere' ORDER BY recorded_at, waybill_code LIMIT ?`),
    count: db.prepare(`SELECT count(*) AS count FROM waybills WHERE shared_at IS NULL AND origin <> 'elsewhere'`),
    ordersOf: db.prepare(`SELECT j.order_number, j.gateway_base_url, j.gateway_shop_id FROM journal_orders j
      LEFT JOIN job_orders m ON m.order_number = j.order_number AND m.job_id = j.job_id
      WHERE j.waybill_code = ? ORDER BY m.position, j.order_number`),
    markShared: db.prepare(`UPDATE waybills SET shared_at = ? WHERE waybill_code = ? AND shared_at IS NULL`),
  };
  const markShared = db.transaction((waybillCodes: readonly string[], at: number) => {
    for (const waybillCode of waybillCodes) statements.markShared.run(at, waybillCode);
  });
  return {
    read: {
      async unshared(limit) {
        return (statements.unshared.all(limit) as UnsharedRow[]).flatMap((row): UnsharedWaybill[] => {
          const orders = statements.ordersOf.all(row.waybill_code) as { order_number: string; gateway_base_url: string; gateway_shop_id: string }[];
          const first = orders[0];
          // A waybill no order points at any more is nothing a desk could look for.
          if (first === undefined) return [];
          return [
            {
              gateway: { baseUrl: first.gateway_base_url, shopId: first.gateway_shop_id },
              jobId: row.job_id,
              waybillCode: row.waybill_code,
              parentWaybillCode: row.parent_waybill_code,
              orderNumbers: orders.map((order) => order.order_number),
              carrierCode: row.carrier_code ?? '',
              branchCode: row.branch_code,
              recordedAt: row.recorded_at,
              printDataText: row.print_data_state === 'present' ? row.print_data : null,
            },
          ];
        });
      },
      count: async () => (statements.count.get() as { count: number }).count,
    },
    write: {
      async markShared(waybillCodes, at) {
        markShared(waybillCodes, at);
      },
    },
  };
}
