import { sql, type Kysely } from 'kysely';

/**
 * Migration 011: the figures only a desk records, made the account's. Failed orders (per reason),
 * gateway calls and the points the gateway reported, orders held back, scan-to-verify's figures
 * and the operators' figures live in each desk's own rollups; each desk sends its per-hour sums
 * here, an hour at a time in place of what it sent before for that hour (so an hour sent twice,
 * after an outage or a kill, counts once), and the account's statistics sum them over the desks.
 * - `shared_desk_statistics_hours`: per desk, hour, shop, carrier and branch.
 * - `shared_desk_failure_hours`: failed orders per desk, hour and reason (an error code).
 * - `shared_desk_operator_hours`: per desk, hour and operator (by name).
 * Read by hour ranges across desks (the `hour_start` indexes), replaced per desk and hours (the keys).
 * Also `shared_operator_copies.kept_apart_dismissed_at_ms`: when a supervisor dismissed the notice
 * of this desk's operators left out of the account (Settings → Operators shows it until then).
 */
export const migration011SharedDeskStatistics = {
  name: '011-shared-desk-statistics',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  sql`
    CREATE TABLE shared_desk_statistics_hours (
      desk_id text NOT NULL,
      hour_start bigint NOT NULL,
      shop_id text NOT NULL,
      carrier_code text NOT NULL,
      branch_code text NOT NULL,
      failures bigint NOT NULL DEFAULT 0,
      calls bigint NOT NULL DEFAULT 0,
      points bigint NOT NULL DEFAULT 0,
      held_back bigint NOT NULL DEFAULT 0,
      verified bigint NOT NULL DEFAULT 0,
      mismatches bigint NOT NULL DEFAULT 0,
      overrides bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (desk_id, hour_start, shop_id, carrier_code, branch_code)
    )`,
  sql`CREATE INDEX shared_desk_statistics_hours_by_hour ON shared_desk_statistics_hours (hour_start)`,
  sql`
    CREATE TABLE shared_desk_failure_hours (
      desk_id text NOT NULL,
      hour_start bigint NOT NULL,
      reason text NOT NULL,
      failures bigint NOT NULL,
      PRIMARY KEY (desk_id, hour_start, reason)
    )`,
  sql`CREATE INDEX shared_desk_failure_hours_by_hour ON shared_desk_failure_hours (hour_start)`,
  sql`
    CREATE TABLE shared_desk_operator_hours (
      desk_id text NOT NULL,
      hour_start bigint NOT NULL,
      operator_name text NOT NULL,
      waybills bigint NOT NULL DEFAULT 0,
      labels_printed bigint NOT NULL DEFAULT 0,
      reprints bigint NOT NULL DEFAULT 0,
      voids bigint NOT NULL DEFAULT 0,
      verified bigint NOT NULL DEFAULT 0,
      mismatches bigint NOT NULL DEFAULT 0,
      overrides bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (desk_id, hour_start, operator_name)
    )`,
  sql`CREATE INDEX shared_desk_operator_hours_by_hour ON shared_desk_operator_hours (hour_start)`,
  sql`ALTER TABLE shared_operator_copies ADD COLUMN kept_apart_dismissed_at_ms double precision`,
];
