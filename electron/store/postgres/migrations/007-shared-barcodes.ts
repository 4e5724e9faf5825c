import { sql, type Kysely } from 'kysely';

/**
 * Migration 007: the product barcodes the account's desks learned for scan-to-verify, per shop —
 * a code learned at one desk is known at every other. One row per shop and barcode; the desk that
 * learned or last corrected it, and when (the server's clock).
 */
export const migration007SharedBarcodes = {
  name: '007-shared-barcodes',
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`
      CREATE TABLE shared_barcodes (
        shop_id text NOT NULL,
        barcode text NOT NULL,
        goods_name text NOT NULL,
        goods_spec text NOT NULL,
        desk_id text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (shop_id, barcode)
      )
    `.execute(db);
  },
} as const;
