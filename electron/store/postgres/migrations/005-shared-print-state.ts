import { sql, type Kysely } from 'kysely';

/**
 * Migration 005: each label print of any desk, so every desk's history shows a waybill's label as
 * printed, at which desk, when and how many times — and a reprint anywhere asks first. One row per
 * print, keyed by the printing desk and its own print record's id, so a print sent twice (after an
 * outage, a crash) is there once. printed_at is when it came out at that desk (it may be shared
 * later); shared_at the server's clock. A print belongs to a shared waybill (purged with it).
 */
export const migration005SharedPrintState = {
  name: '005-shared-print-state',
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`
      CREATE TABLE shared_label_prints (
        desk_id text NOT NULL REFERENCES desks (desk_id),
        print_id text NOT NULL,
        gateway_base_url text NOT NULL,
        shop_id text NOT NULL,
        waybill_code text NOT NULL,
        printed_at timestamptz NOT NULL,
        shared_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (desk_id, print_id),
        FOREIGN KEY (gateway_base_url, shop_id, waybill_code) REFERENCES shared_waybills (gateway_base_url, shop_id, waybill_code) ON DELETE CASCADE
      )
    `.execute(db);
    await sql`CREATE INDEX shared_label_prints_by_waybill ON shared_label_prints (gateway_base_url, shop_id, waybill_code)`.execute(db);
  },
} as const;
