import { chinaOffsetMs, dayMs } from '../../../../shared/time/china-time';
import type { StationMigration } from '../station-migration';

/** An hour's start (epoch ms) of an instant column (China is UTC+8, whole hours). */
const hourOf = (column: string) => `(${column} - ${column} % 3600000)`;
/** A China day's start (epoch ms) of an instant column. */
const dayOf = (column: string) => `((${column} + ${chinaOffsetMs}) / ${dayMs} * ${dayMs} - ${chinaOffsetMs})`;

/** Whether a job member's problems (a JSON array of station errors) hold it back by its status. */
const heldBack = (problems: string) => `EXISTS (SELECT 1 FROM json_each(${problems}) WHERE json_extract(value, '$.code') = 'issuing.order-held-back')`;

/** A member held back by its plan, once a day per order (a plan made again the same day adds nothing), under the hour it was first held. */
const heldBackRow = (member: string) => `
  INSERT OR IGNORE INTO statistics_held_back (day_start, shop_id, order_number, hour_start, carrier_code, branch_code)
  SELECT ${dayOf('j.created_at')}, ${member}.shop_id, ${member}.order_number, ${hourOf('j.created_at')}, COALESCE(j.carrier_code, ''), COALESCE(j.branch_code, '')
  FROM issue_jobs j WHERE j.id = ${member}.job_id`;

/** What a desk event adds to its hour: an order verified, a scan refused, goods counted by hand. */
const deskEventRow = (event: string) => `
  INSERT INTO statistics_desk_hours (hour_start, shop_id, verified, mismatches, overrides)
  VALUES (${hourOf(`${event}.at`)}, ${event}.shop_id, ${event}.kind = 'verification.completed', ${event}.kind = 'verification.mismatch', ${event}.kind = 'verification.override')
  ON CONFLICT DO UPDATE SET verified = verified + excluded.verified, mismatches = mismatches + excluded.mismatches, overrides = overrides + excluded.overrides`;

/** The operator (by name) who started a job's issuing: its first `issue` audit entry done by one. */
const jobOperator = (jobId: string) =>
  `(SELECT a.operator_name FROM audit_entries a WHERE a.job_id = ${jobId} AND a.action = 'issue' AND a.outcome = 'done' AND a.operator_name IS NOT NULL ORDER BY a.at, a.rowid LIMIT 1)`;

/** Adds into an operator's hour: `select` names hour_start, operator_name and the four figures of the audit log. */
const operatorRow = (select: string) => `
  INSERT INTO statistics_operator_hours (hour_start, operator_name, waybills, labels_printed, reprints, voids) ${select}
  ON CONFLICT DO UPDATE SET waybills = waybills + excluded.waybills, labels_printed = labels_printed + excluded.labels_printed,
    reprints = reprints + excluded.reprints, voids = voids + excluded.voids`;

/** What a desk event adds to its operator's hour (`select` names hour_start, operator_name and the three verification figures). */
const operatorVerificationRow = (select: string) => `
  INSERT INTO statistics_operator_hours (hour_start, operator_name, verified, mismatches, overrides) ${select}
  ON CONFLICT DO UPDATE SET verified = verified + excluded.verified, mismatches = mismatches + excluded.mismatches, overrides = overrides + excluded.overrides`;

/**
 * Migration 21: the statistics' figures of what the desk held back and verified, and per operator. Orders held back
 * are recorded as the plan's job members with the held-back problem; each counts once a China day
 * (per shop and order), under its job's carrier and branch. Desk events (scan-to-verify) are
 * summed per hour and shop. Both kept by triggers in the transaction that records them, as the
 * rollup of migration 19 is, and filled from what was recorded before. Per operator (from the
 * audit log, when operators are on): the waybills of the jobs whose issuing they started, the
 * first print of each, and the waybills of their reprints and voids, per hour — summed as they
 * are recorded, so the audit log's retention never changes a past figure; desk events name the
 * operator signed in, and count with them too.
 */
export const heldBackDeskEventAndOperatorStatisticsMigration: StationMigration = {
  version: 21,
  name: 'statistics of held-back orders, desk events and operators',
  up(db) {
    db.exec(`
      CREATE TABLE statistics_held_back (
        day_start INTEGER NOT NULL,
        shop_id TEXT NOT NULL,
        order_number TEXT NOT NULL,
        hour_start INTEGER NOT NULL,
        carrier_code TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        PRIMARY KEY (day_start, shop_id, order_number)
      ) WITHOUT ROWID;
      CREATE INDEX statistics_held_back_by_hour ON statistics_held_back (hour_start);
      CREATE TABLE statistics_desk_hours (
        hour_start INTEGER NOT NULL,
        shop_id TEXT NOT NULL,
        verified INTEGER NOT NULL DEFAULT 0,
        mismatches INTEGER NOT NULL DEFAULT 0,
        overrides INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (hour_start, shop_id)
      ) WITHOUT ROWID;

      CREATE TABLE statistics_operator_hours (
        hour_start INTEGER NOT NULL,
        operator_name TEXT NOT NULL,
        waybills INTEGER NOT NULL DEFAULT 0,
        labels_printed INTEGER NOT NULL DEFAULT 0,
        reprints INTEGER NOT NULL DEFAULT 0,
        voids INTEGER NOT NULL DEFAULT 0,
        verified INTEGER NOT NULL DEFAULT 0,
        mismatches INTEGER NOT NULL DEFAULT 0,
        overrides INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (hour_start, operator_name)
      ) WITHOUT ROWID;
      -- Who was signed in when scan-to-verify recorded the event (operators on).
      ALTER TABLE desk_events ADD COLUMN operator_name TEXT;
      -- A job's operator is looked up by its issue entries.
      CREATE INDEX audit_entries_issue_by_job ON audit_entries (job_id, at) WHERE action = 'issue';
      CREATE TRIGGER statistics_order_held_back AFTER INSERT ON job_orders WHEN NEW.problems_json IS NOT NULL AND ${heldBack('NEW.problems_json')}
      BEGIN ${heldBackRow('NEW')}; END;
      CREATE TRIGGER statistics_desk_event AFTER INSERT ON desk_events BEGIN ${deskEventRow('NEW')}; END;
      CREATE TRIGGER statistics_operator_desk_event AFTER INSERT ON desk_events WHEN NEW.operator_name IS NOT NULL
      BEGIN ${operatorVerificationRow(`VALUES (${hourOf('NEW.at')}, NEW.operator_name, NEW.kind = 'verification.completed', NEW.kind = 'verification.mismatch', NEW.kind = 'verification.override')`)}; END;

      CREATE TRIGGER statistics_operator_acted AFTER INSERT ON audit_entries
        WHEN NEW.outcome = 'done' AND NEW.operator_name IS NOT NULL AND NEW.action IN ('reprint', 'void')
      BEGIN ${operatorRow(`SELECT ${hourOf('NEW.at')}, NEW.operator_name, 0, (NEW.action = 'reprint') * json_array_length(NEW.waybill_codes),
        (NEW.action = 'reprint') * json_array_length(NEW.waybill_codes), (NEW.action = 'void') * json_array_length(NEW.waybill_codes) WHERE true`)}; END;
      CREATE TRIGGER statistics_operator_waybill AFTER INSERT ON waybills WHEN NEW.origin <> 'elsewhere'
      BEGIN ${operatorRow(`SELECT ${hourOf('NEW.recorded_at')}, operator, 1, 0, 0, 0 FROM (SELECT ${jobOperator('NEW.job_id')} AS operator) WHERE operator IS NOT NULL`)}; END;
      -- A waybill's first print counts with its job's operator (later prints are reprints, counted with whoever asked).
      CREATE TRIGGER statistics_operator_first_print AFTER UPDATE OF state ON print_documents
        WHEN NEW.state = 'printed' AND OLD.state <> 'printed' AND NOT EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = NEW.document_id AND p.state = 'printed' AND p.id <> NEW.id)
      BEGIN ${operatorRow(`SELECT ${hourOf('w.recorded_at')}, operator, 0, 1, 0, 0 FROM (SELECT w.recorded_at, ${jobOperator('w.job_id')} AS operator FROM waybills w
        WHERE w.waybill_code = NEW.document_id AND w.origin <> 'elsewhere') w WHERE operator IS NOT NULL`)}; END;
      CREATE TRIGGER statistics_operator_first_print_added AFTER INSERT ON print_documents
        WHEN NEW.state = 'printed' AND NOT EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = NEW.document_id AND p.state = 'printed' AND p.id <> NEW.id)
      BEGIN ${operatorRow(`SELECT ${hourOf('w.recorded_at')}, operator, 0, 1, 0, 0 FROM (SELECT w.recorded_at, ${jobOperator('w.job_id')} AS operator FROM waybills w
        WHERE w.waybill_code = NEW.document_id AND w.origin <> 'elsewhere') w WHERE operator IS NOT NULL`)}; END;

      INSERT OR IGNORE INTO statistics_held_back (day_start, shop_id, order_number, hour_start, carrier_code, branch_code)
      SELECT ${dayOf('j.created_at')}, m.shop_id, m.order_number, ${hourOf('j.created_at')}, COALESCE(j.carrier_code, ''), COALESCE(j.branch_code, '')
      FROM job_orders m JOIN issue_jobs j ON j.id = m.job_id WHERE m.problems_json IS NOT NULL AND ${heldBack('m.problems_json')} ORDER BY j.created_at;
      INSERT INTO statistics_desk_hours (hour_start, shop_id, verified, mismatches, overrides)
      SELECT ${hourOf('at')}, shop_id, SUM(kind = 'verification.completed'), SUM(kind = 'verification.mismatch'), SUM(kind = 'verification.override') FROM desk_events GROUP BY 1, 2;
      ${operatorRow(`SELECT ${hourOf('at')}, operator_name, 0, SUM((action = 'reprint') * json_array_length(waybill_codes)), SUM((action = 'reprint') * json_array_length(waybill_codes)),
        SUM((action = 'void') * json_array_length(waybill_codes)) FROM audit_entries WHERE outcome = 'done' AND operator_name IS NOT NULL AND action IN ('reprint', 'void') GROUP BY 1, 2`)};
      ${operatorRow(`SELECT ${hourOf('recorded_at')}, operator, COUNT(*), SUM(printed), 0, 0 FROM (
        SELECT w.recorded_at, ${jobOperator('w.job_id')} AS operator, EXISTS (SELECT 1 FROM print_documents p WHERE p.document_id = w.waybill_code AND p.state = 'printed') AS printed
        FROM waybills w WHERE w.origin <> 'elsewhere' AND w.job_id IN (SELECT job_id FROM audit_entries WHERE action = 'issue' AND operator_name IS NOT NULL)
      ) WHERE operator IS NOT NULL GROUP BY 1, 2`)};
    `);
  },
};
