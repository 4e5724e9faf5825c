import { sql, type Kysely } from 'kysely';

/** The hour's start (epoch ms, bigint) of a timestamptz expression: China is UTC+8, whole hours, so UTC hours are China's too. */
const hourOf = (expression: string) => `(floor(extract(epoch FROM ${expression}) / 3600) * 3600000)::bigint`;

/** The rollup's key columns and figures, and how a contribution adds into a row already there. */
const KEYS = 'hour_start, shop_id, carrier_code, branch_code, desk_id';
const ADD_INTO = `ON CONFLICT (${KEYS}) DO UPDATE SET
  waybills = shared_statistics_hours.waybills + excluded.waybills,
  split_parcels = shared_statistics_hours.split_parcels + excluded.split_parcels,
  voids = shared_statistics_hours.voids + excluded.voids,
  labels_printed = shared_statistics_hours.labels_printed + excluded.labels_printed,
  reprints = shared_statistics_hours.reprints + excluded.reprints`;

/** A waybill's key columns in the rollup: its hour, shop, carrier, branch and the desk that issued it. */
const keysOf = (waybill: string) => `${hourOf(`${waybill}.issued_at`)}, ${waybill}.shop_id, ${waybill}.carrier_code, COALESCE(${waybill}.branch_code, ''), ${waybill}.desk_id`;

/**
 * Migration 009: the account's statistics, a rollup kept by PostgreSQL itself. The statistics
 * screen in shared mode sums a year of every desk's waybills (ten million rows a year at 10,000
 * orders a day) on each range change: re-reading them is seconds, so triggers keep per-hour sums
 * per shop, carrier, branch and issuing desk in the transaction of each change of the shared
 * history — waybills, parcels of split orders, void marks, label prints (at any desk, under the
 * waybill's own hour and desk; each print after a waybill's first a reprint). A split order's
 * parcels share one parent waybill: a waybill counts as a parcel once its ticket holds two, marked
 * (`split_counted`) so that it counts once however its parcels arrive. The triggers are per
 * statement with their transition tables, so a batch of a desk's waybills or prints counts
 * exactly as the same rows one by one. Filled from the history already there.
 */
export const migration009SharedStatisticsRollup = {
  name: '009-shared-statistics-rollup',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
} as const;

const statements = [
  `CREATE TABLE shared_statistics_hours (
    hour_start bigint NOT NULL,
    shop_id text NOT NULL,
    carrier_code text NOT NULL,
    branch_code text NOT NULL,
    desk_id text NOT NULL,
    waybills bigint NOT NULL DEFAULT 0,
    split_parcels bigint NOT NULL DEFAULT 0,
    voids bigint NOT NULL DEFAULT 0,
    labels_printed bigint NOT NULL DEFAULT 0,
    reprints bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (${KEYS})
  )`,
  `ALTER TABLE shared_waybills ADD COLUMN split_counted boolean NOT NULL DEFAULT false`,
  `CREATE INDEX shared_waybills_by_parent ON shared_waybills (gateway_base_url, shop_id, parent_waybill_code) WHERE parent_waybill_code IS NOT NULL`,

  // New waybills: each one, its void mark, and the parcels of tickets that now hold two or more.
  `CREATE FUNCTION shared_statistics_waybills_added() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO shared_statistics_hours (${KEYS}, waybills, voids)
    SELECT ${keysOf('w')}, count(*), count(w.voided_at) FROM added w GROUP BY 1, 2, 3, 4, 5
    ${ADD_INTO};
    WITH tickets AS (
      SELECT DISTINCT a.gateway_base_url, a.shop_id, a.parent_waybill_code FROM added a WHERE a.parent_waybill_code IS NOT NULL
    ), split AS (
      UPDATE shared_waybills w SET split_counted = true FROM tickets t
      WHERE w.gateway_base_url = t.gateway_base_url AND w.shop_id = t.shop_id AND w.parent_waybill_code = t.parent_waybill_code AND NOT w.split_counted
        AND (SELECT count(*) FROM shared_waybills s WHERE s.gateway_base_url = t.gateway_base_url AND s.shop_id = t.shop_id AND s.parent_waybill_code = t.parent_waybill_code) >= 2
      RETURNING w.*
    )
    INSERT INTO shared_statistics_hours (${KEYS}, split_parcels)
    SELECT ${keysOf('w')}, count(*) FROM split w GROUP BY 1, 2, 3, 4, 5
    ${ADD_INTO};
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER shared_statistics_waybills_added AFTER INSERT ON shared_waybills REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION shared_statistics_waybills_added()`,

  // A void mark set or cleared.
  `CREATE FUNCTION shared_statistics_void_changed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO shared_statistics_hours (${KEYS}, voids)
    SELECT ${keysOf('n')}, sum((n.voided_at IS NOT NULL)::int - (o.voided_at IS NOT NULL)::int)
    FROM after_change n JOIN before_change o USING (gateway_base_url, shop_id, waybill_code)
    WHERE (n.voided_at IS NULL) <> (o.voided_at IS NULL) GROUP BY 1, 2, 3, 4, 5
    ${ADD_INTO};
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER shared_statistics_void_changed AFTER UPDATE ON shared_waybills REFERENCING OLD TABLE AS before_change NEW TABLE AS after_change
    FOR EACH STATEMENT EXECUTE FUNCTION shared_statistics_void_changed()`,

  // New label prints: each one printed; a waybill's prints beyond its first are reprints, whichever arrived first.
  `CREATE FUNCTION shared_statistics_prints_added() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  BEGIN
    INSERT INTO shared_statistics_hours (${KEYS}, labels_printed, reprints)
    SELECT ${keysOf('w')}, sum(p.added), sum(greatest(p.now_printed - 1, 0) - greatest(p.now_printed - p.added - 1, 0))
    FROM (
      SELECT a.gateway_base_url, a.shop_id, a.waybill_code, count(*) AS added,
        (SELECT count(*) FROM shared_label_prints l WHERE l.gateway_base_url = a.gateway_base_url AND l.shop_id = a.shop_id AND l.waybill_code = a.waybill_code) AS now_printed
      FROM added a GROUP BY 1, 2, 3
    ) p JOIN shared_waybills w USING (gateway_base_url, shop_id, waybill_code)
    GROUP BY 1, 2, 3, 4, 5
    ${ADD_INTO};
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER shared_statistics_prints_added AFTER INSERT ON shared_label_prints REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION shared_statistics_prints_added()`,

  // What the shared history held before.
  `UPDATE shared_waybills w SET split_counted = true WHERE w.parent_waybill_code IS NOT NULL
    AND (SELECT count(*) FROM shared_waybills s WHERE s.gateway_base_url = w.gateway_base_url AND s.shop_id = w.shop_id AND s.parent_waybill_code = w.parent_waybill_code) >= 2`,
  `INSERT INTO shared_statistics_hours (${KEYS}, waybills, split_parcels, voids, labels_printed, reprints)
    SELECT ${keysOf('w')}, count(*), count(*) FILTER (WHERE w.split_counted), count(w.voided_at), COALESCE(sum(p.printed), 0), COALESCE(sum(greatest(p.printed - 1, 0)), 0)
    FROM shared_waybills w LEFT JOIN (
      SELECT gateway_base_url, shop_id, waybill_code, count(*) AS printed FROM shared_label_prints GROUP BY 1, 2, 3
    ) p USING (gateway_base_url, shop_id, waybill_code)
    GROUP BY 1, 2, 3, 4, 5`,
];
