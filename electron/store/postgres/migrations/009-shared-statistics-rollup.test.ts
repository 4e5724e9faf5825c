import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';
import { migration001SharedDesks } from './001-shared-desks';
import { migration002SharedRefreshDetails } from './002-shared-refresh-details';
import { migration003FencedCallStarts } from './003-fenced-call-starts';
import { migration004SchemaAccount } from './004-schema-account';
import { migration005SharedPrintState } from './005-shared-print-state';
import { migration006CallStartsGivenBack } from './006-call-starts-given-back';
import { migration007SharedBarcodes } from './007-shared-barcodes';
import { migration008SharedAuditLog } from './008-shared-audit-log';
import { migration009SharedStatisticsRollup } from './009-shared-statistics-rollup';

const rig = useSharedTestDesks();
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

const rollup = `SELECT hour_start::float8 AS hour, shop_id, carrier_code, branch_code, desk_id, waybills::int, split_parcels::int AS split, voids::int, labels_printed::int AS printed, reprints::int
  FROM shared_statistics_hours ORDER BY 1, 2, 3, 5`;

describe('migration 009: the account’s statistics rollup', () => {
  it('sums the shared history recorded before it, per hour, shop, carrier, branch and desk', async () => {
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: rig.desks.pool }) });
    const rows = await db.connection().execute(async (connection) => {
      await sql`CREATE SCHEMA older`.execute(connection);
      await sql`SET search_path TO older`.execute(connection);
      for (const migration of [migration001SharedDesks, migration002SharedRefreshDetails, migration003FencedCallStarts, migration004SchemaAccount, migration005SharedPrintState, migration006CallStartsGivenBack, migration007SharedBarcodes, migration008SharedAuditLog]) {
        await migration.up(connection);
      }
      await sql`INSERT INTO desks (desk_id, name) VALUES ('d1', 'Desk 1'), ('d2', 'Desk 2')`.execute(connection);
      const waybill = (code: string, parent: string | null, desk: string, ms: number, voided: boolean) =>
        sql`INSERT INTO shared_waybills (gateway_base_url, shop_id, waybill_code, parent_waybill_code, order_numbers, carrier_code, branch_code, desk_id, job_id, issued_at, voided_at)
            VALUES ('g', 's1', ${code}, ${parent}, ARRAY['T'], 'YTO', NULL, ${desk}, 'j', ${at(ms)}::timestamptz, ${voided ? at(ms) : null}::timestamptz)`.execute(connection);
      await waybill('Y1', 'Y1', 'd1', HOUR + 5, false);
      await waybill('Y2', 'Y1', 'd1', 2 * HOUR + 5, false);
      await waybill('Y3', null, 'd2', HOUR + 9, true);
      await waybill('Y4', 'Y4', 'd2', HOUR + 10, false);
      for (const [desk, id, code] of [['d1', 'p1', 'Y1'], ['d2', 'p1', 'Y1'], ['d1', 'p2', 'Y3']] as const) {
        await sql`INSERT INTO shared_label_prints (desk_id, print_id, gateway_base_url, shop_id, waybill_code, printed_at) VALUES (${desk}, ${id}, 'g', 's1', ${code}, now())`.execute(connection);
      }
      await migration009SharedStatisticsRollup.up(connection);
      return (await sql.raw(rollup).execute(connection)).rows;
    });
    expect(rows).toEqual([
      { hour: HOUR, shop_id: 's1', carrier_code: 'YTO', branch_code: '', desk_id: 'd1', waybills: 1, split: 1, voids: 0, printed: 2, reprints: 1 },
      { hour: HOUR, shop_id: 's1', carrier_code: 'YTO', branch_code: '', desk_id: 'd2', waybills: 2, split: 0, voids: 1, printed: 1, reprints: 0 },
      { hour: 2 * HOUR, shop_id: 's1', carrier_code: 'YTO', branch_code: '', desk_id: 'd1', waybills: 1, split: 1, voids: 0, printed: 0, reprints: 0 },
    ]);
    // A third parcel recorded after it counts once; the two before are not counted again.
    await rig.desks.pool.query(
      `INSERT INTO older.shared_waybills (gateway_base_url, shop_id, waybill_code, parent_waybill_code, order_numbers, carrier_code, desk_id, job_id, issued_at) VALUES ('g', 's1', 'Y5', 'Y1', ARRAY['T'], 'YTO', 'd2', 'j', $1)`,
      [at(2 * HOUR + 7)],
    );
    const after = await rig.desks.pool.query(`SELECT desk_id, sum(split_parcels)::int AS split FROM older.shared_statistics_hours GROUP BY 1 ORDER BY 1`);
    expect(after.rows).toEqual([
      { desk_id: 'd1', split: 2 },
      { desk_id: 'd2', split: 1 },
    ]);
  });
});
