import type { BarcodeMapping, DeskEvent, DeskEventKind } from '../../../shared/domain/verification';
import type { BarcodeReader, BarcodeWriter, DeskEventReader, DeskEventWriter } from '../station-backend';
import type { StationDatabase } from './open-station-database';

interface MappingRow {
  shop_id: string;
  barcode: string;
  goods_name: string;
  goods_spec: string;
  updated_at: number;
}

const mappingOf = (row: MappingRow): BarcodeMapping => ({ shopId: row.shop_id, barcode: row.barcode, goodsName: row.goods_name, goodsSpec: row.goods_spec, updatedAt: row.updated_at });

/** The learned barcodes of the station database (per shop). */
export function createLocalBarcodes(db: StationDatabase): { read: BarcodeReader; write: BarcodeWriter } {
  const statements = {
    all: db.prepare('SELECT * FROM barcode_mappings ORDER BY shop_id, barcode'),
    ofShop: db.prepare('SELECT * FROM barcode_mappings WHERE shop_id = ? ORDER BY barcode'),
    upsert: db.prepare(`INSERT INTO barcode_mappings (shop_id, barcode, goods_name, goods_spec, updated_at) VALUES (@shopId, @barcode, @goodsName, @goodsSpec, @updatedAt)
      ON CONFLICT (shop_id, barcode) DO UPDATE SET goods_name = excluded.goods_name, goods_spec = excluded.goods_spec, updated_at = excluded.updated_at`),
    remove: db.prepare('DELETE FROM barcode_mappings WHERE shop_id = ? AND barcode = ?'),
  };
  const saveAll = db.transaction((mappings: readonly BarcodeMapping[]) => {
    for (const mapping of mappings) statements.upsert.run(mapping);
  });
  return {
    read: {
      list: async (shopId) => ((shopId === null ? statements.all.all() : statements.ofShop.all(shopId)) as MappingRow[]).map(mappingOf),
    },
    write: {
      save: async (mappings) => saveAll(mappings),
      remove: async (shopId, barcode) => statements.remove.run(shopId, barcode).changes > 0,
    },
  };
}

/** The desk events of the station database. */
export function createLocalDeskEvents(db: StationDatabase): { read: DeskEventReader; write: DeskEventWriter } {
  const statements = {
    insert: db.prepare('INSERT INTO desk_events (at, kind, shop_id, order_number, details_json, operator_name) VALUES (?, ?, ?, ?, ?, ?)'),
    counts: db.prepare(`SELECT kind, json_extract(details_json, '$.mismatch') AS mismatch, COUNT(*) AS count FROM desk_events WHERE at >= ? AND at < ? GROUP BY kind, mismatch ORDER BY kind, mismatch`),
    ofOrder: db.prepare('SELECT * FROM desk_events WHERE shop_id = ? AND order_number = ? ORDER BY at DESC, id DESC LIMIT 100'),
    verified: db.prepare<[string, string], { at: number }>(`SELECT min(at) AS at FROM desk_events WHERE shop_id = ? AND order_number = ? AND kind = 'verification.completed' HAVING count(*) > 0`),
  };
  return {
    read: {
      counts: async (from, to) => (statements.counts.all(from, to) as { kind: DeskEventKind; mismatch: string | null; count: number }[]).map((row) => ({ ...row })),
      ofOrder: async (shopId, orderNumber) =>
        (statements.ofOrder.all(shopId, orderNumber) as { at: number; kind: DeskEventKind; shop_id: string; order_number: string; details_json: string; operator_name: string | null }[]).map(
          (row) => ({ kind: row.kind, shopId: row.shop_id, orderNumber: row.order_number, at: row.at, details: JSON.parse(row.details_json) as unknown, operatorName: row.operator_name }) as DeskEvent,
        ),
      verified: async (shopId, orderNumber) => {
        const row = statements.verified.get(shopId, orderNumber);
        return row === undefined ? null : { at: row.at, deskName: null };
      },
    },
    write: {
      record: async (event) => {
        statements.insert.run(event.at, event.kind, event.shopId, event.orderNumber, JSON.stringify(event.details), event.operatorName ?? null);
      },
    },
  };
}
