import { UNKNOWN_GATEWAY } from '../../../shared/domain/gateway-identity';
import type { StationError } from '../../../shared/errors/station-error';
import type { StationDatabase } from './open-station-database';
import type { UploadOutboxReader, UploadOutboxWriter } from '../station-backend';
import type { UnsharedVoidMark, UnsharedWaybill } from '../station-records';
import { WAYBILLS_OF_JOURNAL_ROW } from './order-waybills';

interface UnsharedRow {
  waybill_code: string;
  parent_waybill_code: string | null;
  carrier_code: string | null;
  branch_code: string | null;
  job_id: string;
  recorded_at: number;
  print_data: string | null;
  print_data_state: 'present' | 'unreadable' | 'purged';
  gateway_base_url: string;
  gateway_shop_id: string;
}

interface VoidMarkRow {
  waybill_code: string;
  voided_at: number | null;
  void_note: string | null;
  gateway_base_url: string;
  gateway_shop_id: string;
}

interface PrintRow {
  id: string;
  document_id: string;
  printed_at: number;
  gateway_base_url: string;
  gateway_shop_id: string;
}

interface SetAsideRow {
  waybill_code: string;
  gateway_shop_id: string;
  share_set_aside_at: number;
  share_set_aside_json: string;
}

/**
 * The waybills the shared history has not received yet (migration 9: `waybills.shared_at` NULL),
 * the void marks changed since it had them (migration 12: `void_unshared`) and the label prints
 * it lacks (migration 16: `print_unshared`), on the station database. Waybills found issued
 * elsewhere are not this desk's to share; waybills it kept refusing are set aside (migration 17)
 * and no longer offered.
 */
export function createLocalUploadOutbox(db: StationDatabase): { read: UploadOutboxReader; write: UploadOutboxWriter } {
  const statements = {
    unshared: db.prepare(`SELECT w.waybill_code, w.parent_waybill_code, w.carrier_code, w.branch_code, w.job_id, w.recorded_at, w.print_data, w.print_data_state,
        COALESCE(s.gateway_base_url, @unknown) AS gateway_base_url, w.gateway_shop_id
      FROM waybills w LEFT JOIN issue_jobs s ON s.id = w.job_id WHERE w.shared_at IS NULL AND w.origin <> 'elsewhere' AND w.share_set_aside_at IS NULL ORDER BY w.recorded_at, w.waybill_code LIMIT @limit`),
    count: db.prepare(`SELECT count(*) AS count FROM waybills WHERE shared_at IS NULL AND origin <> 'elsewhere' AND share_set_aside_at IS NULL`),
    // A print of a waybill still on its way to the shared history waits for it (the history keeps prints of waybills it has).
    unsharedPrints: db.prepare(`SELECT p.id, p.document_id, p.printed_at, p.gateway_base_url, p.gateway_shop_id FROM print_documents p
      WHERE p.print_unshared = 1 AND NOT EXISTS (SELECT 1 FROM waybills w WHERE w.waybill_code = p.document_id AND w.shared_at IS NULL AND w.origin <> 'elsewhere' AND w.share_set_aside_at IS NULL)
      ORDER BY p.printed_at, p.id LIMIT @limit`),
    markPrintShared: db.prepare('UPDATE print_documents SET print_unshared = 0 WHERE id = ?'),
    noteRefusal: db.prepare(`UPDATE waybills SET share_refusals = share_refusals + 1,
        share_set_aside_at = CASE WHEN share_refusals + 1 >= @max THEN @at END, share_set_aside_json = CASE WHEN share_refusals + 1 >= @max THEN @reason END
      WHERE waybill_code = @code AND shared_at IS NULL RETURNING share_set_aside_at`),
    setAside: db.prepare(`SELECT waybill_code, gateway_shop_id, share_set_aside_at, share_set_aside_json FROM waybills
      WHERE share_set_aside_at IS NOT NULL AND shared_at IS NULL ORDER BY share_set_aside_at DESC, waybill_code`),
    // A parcel's waybill is on its order too (migration 15).
    ordersOf: db.prepare(`SELECT j.order_number, j.gateway_base_url, j.gateway_shop_id FROM waybills w JOIN journal_orders j ON ${WAYBILLS_OF_JOURNAL_ROW}
      LEFT JOIN job_orders m ON m.shop_id = j.gateway_shop_id AND m.order_number = j.order_number AND m.job_id = j.job_id
      WHERE w.waybill_code = ? ORDER BY m.position, j.order_number`),
    markShared: db.prepare(`UPDATE waybills SET shared_at = ? WHERE waybill_code = ? AND shared_at IS NULL`),
    // A waybill not yet uploaded carries its mark when it is: its void waits for it.
    unsharedVoidMarks: db.prepare(`SELECT w.waybill_code, w.voided_at, w.void_note,
        COALESCE(s.gateway_base_url, @unknown) AS gateway_base_url, w.gateway_shop_id
      FROM waybills w LEFT JOIN issue_jobs s ON s.id = w.job_id WHERE w.void_unshared = 1 AND (w.shared_at IS NOT NULL OR w.origin = 'elsewhere') ORDER BY w.waybill_code LIMIT @limit`),
    markVoidMarkShared: db.prepare(`UPDATE waybills SET void_unshared = 0 WHERE waybill_code = ? AND voided_at IS ? AND void_note IS ?`),
  };
  const markVoidMarksShared = db.transaction((marks: readonly UnsharedVoidMark[]) => {
    for (const mark of marks) statements.markVoidMarkShared.run(mark.waybillCode, mark.voidedAt, mark.note);
  });
  const markShared = db.transaction((waybillCodes: readonly string[], at: number) => {
    for (const waybillCode of waybillCodes) statements.markShared.run(at, waybillCode);
  });
  const markPrintsShared = db.transaction((printIds: readonly string[]) => {
    for (const printId of printIds) statements.markPrintShared.run(printId);
  });
  const ordersOf = (waybillCode: string) => statements.ordersOf.all(waybillCode) as { order_number: string; gateway_base_url: string; gateway_shop_id: string }[];
  return {
    read: {
      async unshared(limit) {
        return (statements.unshared.all({ limit, unknown: UNKNOWN_GATEWAY }) as UnsharedRow[]).map((row): UnsharedWaybill => {
          const orders = ordersOf(row.waybill_code);
          // A waybill no order points at any more is listed all the same (with no orders): the sync must get past it.
          const gateway = orders[0] === undefined ? { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id } : { baseUrl: orders[0].gateway_base_url, shopId: orders[0].gateway_shop_id };
          return {
              gateway,
              jobId: row.job_id,
              waybillCode: row.waybill_code,
              parentWaybillCode: row.parent_waybill_code,
              orderNumbers: orders.map((order) => order.order_number),
              carrierCode: row.carrier_code ?? '',
              branchCode: row.branch_code,
              recordedAt: row.recorded_at,
              printDataText: row.print_data_state === 'present' ? row.print_data : null,
          };
        });
      },
      unsharedPrints: async (limit) =>
        (statements.unsharedPrints.all({ limit }) as PrintRow[]).map((row) => ({
          printId: row.id,
          gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
          waybillCode: row.document_id,
          printedAt: row.printed_at,
        })),
      count: async () => (statements.count.get() as { count: number }).count,
      setAside: async () =>
        (statements.setAside.all() as SetAsideRow[]).map((row) => ({
          waybillCode: row.waybill_code,
          shopId: row.gateway_shop_id,
          orderNumbers: ordersOf(row.waybill_code).map((order) => order.order_number),
          setAsideAt: row.share_set_aside_at,
          reason: JSON.parse(row.share_set_aside_json) as StationError,
        })),
      async unsharedVoidMarks(limit) {
        return (statements.unsharedVoidMarks.all({ limit, unknown: UNKNOWN_GATEWAY }) as VoidMarkRow[]).map((row) => ({
          gateway: { baseUrl: row.gateway_base_url, shopId: row.gateway_shop_id },
          waybillCode: row.waybill_code,
          voidedAt: row.voided_at,
          note: row.void_note ?? '',
        }));
      },
    },
    write: {
      async markShared(waybillCodes, at) {
        markShared(waybillCodes, at);
      },
      async markVoidMarksShared(marks) {
        markVoidMarksShared(marks);
      },
      async markPrintsShared(printIds) {
        markPrintsShared(printIds);
      },
      async noteRefusal(waybillCode, reason, at, maxRefusals) {
        const row = statements.noteRefusal.get({ code: waybillCode, at, reason: JSON.stringify(reason), max: maxRefusals }) as { share_set_aside_at: number | null } | undefined;
        return row?.share_set_aside_at != null;
      },
    },
  };
}
