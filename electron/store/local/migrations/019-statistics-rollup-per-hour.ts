import type { StationMigration } from '../station-migration';

/** An hour's start (epoch ms) of an instant column: China is UTC+8, whole hours, so UTC hours are China's too. */
const hourOf = (column: string) => `(${column} - ${column} % 3600000)`;

/**
 * What one waybill row adds to its hour (`sign` 1) or takes back (-1): a waybill of this desk's
 * (not another desk's, `elsewhere`), a parcel of a split order, a void mark, and the prints of its
 * label (every printed document; each after the first a reprint), exactly as the history counts them.
 */
function waybillContribution(row: 'NEW' | 'OLD', sign: 1 | -1): string {
  const printed = `(SELECT COUNT(*) FROM print_documents p WHERE p.document_id = ${row}.waybill_code AND p.state = 'printed')`;
  return `
    INSERT INTO statistics_hours (hour_start, shop_id, carrier_code, branch_code, waybills, split_parcels, voids, labels_printed, reprints)
    SELECT ${hourOf(`${row}.recorded_at`)}, ${row}.gateway_shop_id, COALESCE(${row}.carrier_code, ''), COALESCE(${row}.branch_code, ''),
      ${sign} * (${row}.origin <> 'elsewhere'), ${sign} * (${row}.origin <> 'elsewhere' AND ${row}.parcel_no IS NOT NULL), ${sign} * (${row}.voided_at IS NOT NULL),
      ${sign} * ${printed}, ${sign} * MAX(${printed} - 1, 0)
    WHERE true
    ON CONFLICT DO UPDATE SET waybills = waybills + excluded.waybills, split_parcels = split_parcels + excluded.split_parcels, voids = voids + excluded.voids,
      labels_printed = labels_printed + excluded.labels_printed, reprints = reprints + excluded.reprints;`;
}

/** What a printed document adds to its waybill's hour (`sign` 1) or takes back (-1); a document not printed counts nothing. */
function printContribution(row: 'NEW' | 'OLD', sign: 1 | -1): string {
  return `
    INSERT INTO statistics_hours (hour_start, shop_id, carrier_code, branch_code, labels_printed, reprints)
    SELECT ${hourOf('w.recorded_at')}, w.gateway_shop_id, COALESCE(w.carrier_code, ''), COALESCE(w.branch_code, ''), ${sign},
      ${sign} * EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = ${row}.document_id AND p.state = 'printed' AND p.id <> ${row}.id)
    FROM waybills w WHERE ${row}.state = 'printed' AND w.waybill_code = ${row}.document_id
    ON CONFLICT DO UPDATE SET labels_printed = labels_printed + excluded.labels_printed, reprints = reprints + excluded.reprints;`;
}

/** What a failed journal order adds to (1) or takes back from (-1) its hour, under its reason (the error code). */
function failureContribution(row: 'NEW' | 'OLD', sign: 1 | -1): string {
  return `
    INSERT INTO statistics_failures (hour_start, shop_id, carrier_code, branch_code, reason, failures)
    SELECT ${hourOf(`${row}.updated_at`)}, ${row}.gateway_shop_id, COALESCE(s.carrier_code, ''), COALESCE(s.branch_code, ''),
      COALESCE(json_extract(${row}.error_json, '$.code'), ''), ${sign}
    FROM (SELECT ${row}.job_id AS job_id) j LEFT JOIN issue_jobs s ON s.id = j.job_id WHERE ${row}.state = 'failed'
    ON CONFLICT DO UPDATE SET failures = failures + excluded.failures;`;
}

/** Adds (1) or takes back (-1) the calls already charged to a newly recorded job under this carrier and branch. */
function jobCallsMoved(carrier: string, branch: string, sign: 1 | -1): string {
  return `
    INSERT INTO statistics_hours (hour_start, shop_id, carrier_code, branch_code, calls, points)
    SELECT ${hourOf('c.at')}, c.shop_id, ${carrier}, ${branch}, ${sign} * COUNT(*), ${sign} * SUM(c.points) FROM gateway_call_costs c WHERE c.job_id = NEW.id GROUP BY 1, 2
    ON CONFLICT DO UPDATE SET calls = calls + excluded.calls, points = points + excluded.points;`;
}

/**
 * Migration 19: the statistics' rollup. The statistics screen sums a year of waybills on every
 * range change; reading a million waybills with their prints each time takes seconds, so triggers
 * keep per-hour sums (per shop, carrier and branch) in step with the rows they count, in the
 * same transaction as each change: the sums can never drift from the history and the cost ledger.
 * Failures are kept per reason beside them. An `operator` dimension is one more key column here.
 */
export const statisticsRollupMigration: StationMigration = {
  version: 19,
  name: 'statistics rollup per hour',
  up(db) {
    db.exec(`
      CREATE TABLE statistics_hours (
        hour_start INTEGER NOT NULL,
        shop_id TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        waybills INTEGER NOT NULL DEFAULT 0,
        split_parcels INTEGER NOT NULL DEFAULT 0,
        voids INTEGER NOT NULL DEFAULT 0,
        labels_printed INTEGER NOT NULL DEFAULT 0,
        reprints INTEGER NOT NULL DEFAULT 0,
        calls INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (hour_start, shop_id, carrier_code, branch_code)
      ) WITHOUT ROWID;
      CREATE TABLE statistics_failures (
        hour_start INTEGER NOT NULL,
        shop_id TEXT NOT NULL,
        carrier_code TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        reason TEXT NOT NULL,
        failures INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (hour_start, shop_id, carrier_code, branch_code, reason)
      ) WITHOUT ROWID;

      CREATE TRIGGER statistics_waybill_added AFTER INSERT ON waybills BEGIN ${waybillContribution('NEW', 1)} END;
      CREATE TRIGGER statistics_waybill_removed AFTER DELETE ON waybills BEGIN ${waybillContribution('OLD', -1)} END;
      CREATE TRIGGER statistics_waybill_changed AFTER UPDATE OF waybill_code, origin, recorded_at, gateway_shop_id, carrier_code, branch_code, voided_at, parcel_no ON waybills
      BEGIN ${waybillContribution('OLD', -1)} ${waybillContribution('NEW', 1)} END;

      CREATE TRIGGER statistics_label_printed AFTER INSERT ON print_documents WHEN NEW.state = 'printed' BEGIN ${printContribution('NEW', 1)} END;
      CREATE TRIGGER statistics_label_print_removed AFTER DELETE ON print_documents WHEN OLD.state = 'printed' BEGIN ${printContribution('OLD', -1)} END;
      CREATE TRIGGER statistics_label_print_changed AFTER UPDATE OF state, document_id ON print_documents WHEN OLD.state = 'printed' OR NEW.state = 'printed'
      BEGIN ${printContribution('OLD', -1)} ${printContribution('NEW', 1)} END;

      CREATE TRIGGER statistics_failure_added AFTER INSERT ON journal_orders WHEN NEW.state = 'failed' BEGIN ${failureContribution('NEW', 1)} END;
      CREATE TRIGGER statistics_failure_removed AFTER DELETE ON journal_orders WHEN OLD.state = 'failed' BEGIN ${failureContribution('OLD', -1)} END;
      CREATE TRIGGER statistics_failure_changed AFTER UPDATE OF state, error_json, updated_at, gateway_shop_id, job_id ON journal_orders WHEN OLD.state = 'failed' OR NEW.state = 'failed'
      BEGIN ${failureContribution('OLD', -1)} ${failureContribution('NEW', 1)} END;

      CREATE TRIGGER statistics_call_charged AFTER INSERT ON gateway_call_costs BEGIN
        INSERT INTO statistics_hours (hour_start, shop_id, carrier_code, branch_code, calls, points)
        SELECT ${hourOf('NEW.at')}, NEW.shop_id, COALESCE(s.carrier_code, ''), COALESCE(s.branch_code, ''), 1, NEW.points
        FROM (SELECT NEW.job_id AS job_id) j LEFT JOIN issue_jobs s ON s.id = j.job_id WHERE true
        ON CONFLICT DO UPDATE SET calls = calls + 1, points = points + excluded.points;
      END;

      -- A job's first calls may be charged before the job is recorded (the plan's own): they move to its carrier and branch once it is.
      CREATE TRIGGER statistics_job_recorded AFTER INSERT ON issue_jobs BEGIN
        ${jobCallsMoved("''", "''", -1)}
        ${jobCallsMoved('NEW.carrier_code', 'NEW.branch_code', 1)}
      END;

      INSERT INTO statistics_hours (hour_start, shop_id, carrier_code, branch_code, waybills, split_parcels, voids, labels_printed, reprints)
      SELECT ${hourOf('w.recorded_at')} AS hour_start, w.gateway_shop_id, COALESCE(w.carrier_code, '') AS carrier, COALESCE(w.branch_code, '') AS branch,
        SUM(w.origin <> 'elsewhere'), SUM(w.origin <> 'elsewhere' AND w.parcel_no IS NOT NULL), SUM(w.voided_at IS NOT NULL), SUM(COALESCE(p.printed, 0)), SUM(MAX(COALESCE(p.printed, 0) - 1, 0))
      FROM waybills w LEFT JOIN (SELECT document_id, COUNT(*) AS printed FROM print_documents WHERE state = 'printed' GROUP BY document_id) p ON p.document_id = w.waybill_code
      GROUP BY 1, 2, 3, 4;
      INSERT INTO statistics_hours (hour_start, shop_id, carrier_code, branch_code, calls, points)
      SELECT ${hourOf('c.at')}, c.shop_id, COALESCE(s.carrier_code, ''), COALESCE(s.branch_code, ''), COUNT(*), SUM(c.points)
      FROM gateway_call_costs c LEFT JOIN issue_jobs s ON s.id = c.job_id WHERE true GROUP BY 1, 2, 3, 4
      ON CONFLICT DO UPDATE SET calls = excluded.calls, points = excluded.points;
      INSERT INTO statistics_failures (hour_start, shop_id, carrier_code, branch_code, reason, failures)
      SELECT ${hourOf('j.updated_at')}, j.gateway_shop_id, COALESCE(s.carrier_code, ''), COALESCE(s.branch_code, ''), COALESCE(json_extract(j.error_json, '$.code'), ''), COUNT(*)
      FROM journal_orders j LEFT JOIN issue_jobs s ON s.id = j.job_id WHERE j.state = 'failed' GROUP BY 1, 2, 3, 4, 5;
    `);
  },
};
