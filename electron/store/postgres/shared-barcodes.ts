import type { BarcodeMapping } from '../../../shared/domain/verification';
import { epochMs, sharedStatements, type SharedDeskAccess } from './shared-access';

/** The account's learned barcodes in the shared database (every desk reads and teaches the same). */
export interface SharedBarcodes {
  list(shopId: string | null): Promise<BarcodeMapping[]>;
  /** Saves mappings (replacing those of the same shop and barcode) in one transaction, as learned at this desk. */
  save(mappings: readonly BarcodeMapping[]): Promise<void>;
  remove(shopId: string, barcode: string): Promise<boolean>;
}

/** The learned barcodes of one desk's access to the account's schema. */
export function createSharedBarcodes(access: SharedDeskAccess): SharedBarcodes {
  const statements = sharedStatements(access);
  const table = statements.table('shared_barcodes');
  const columns = `shop_id AS "shopId", barcode, goods_name AS "goodsName", goods_spec AS "goodsSpec", ${epochMs('updated_at')} AS "updatedAt"`;
  return {
    list: async (shopId) =>
      shopId === null
        ? statements.query<BarcodeMapping>(`SELECT ${columns} FROM ${table} ORDER BY shop_id, barcode`)
        : statements.query<BarcodeMapping>(`SELECT ${columns} FROM ${table} WHERE shop_id = $1 ORDER BY barcode`, [shopId]),
    save: async (mappings) => {
      if (mappings.length === 0) return;
      await statements.query(
        `INSERT INTO ${table} (shop_id, barcode, goods_name, goods_spec, desk_id)
         SELECT shop_id, barcode, goods_name, goods_spec, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS m (shop_id, barcode, goods_name, goods_spec)
         ON CONFLICT (shop_id, barcode) DO UPDATE SET goods_name = excluded.goods_name, goods_spec = excluded.goods_spec, desk_id = excluded.desk_id, updated_at = now()`,
        [mappings.map((m) => m.shopId), mappings.map((m) => m.barcode), mappings.map((m) => m.goodsName), mappings.map((m) => m.goodsSpec), access.deskId],
      );
    },
    remove: async (shopId, barcode) => (await statements.query(`DELETE FROM ${table} WHERE shop_id = $1 AND barcode = $2 RETURNING barcode`, [shopId, barcode])).length > 0,
  };
}
