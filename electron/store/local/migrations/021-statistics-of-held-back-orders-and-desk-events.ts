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

/**
 * Migration 21: the statistics' figures of what the desk held back and verified. Orders held back
 * are recorded as the plan's job members with the held-back problem; each counts once a China day
 * (per shop and order), under its job's carrier and branch. Desk events (scan-to-verify) are
 * summed per hour and shop. Both kept by triggers in the transaction that records them, as the
 * rollup of migration 19 is, and filled from what was recorded before. The operators' figures
 * (from the audit log) find a job's waybills by an index.
 */
export const heldBackAndDeskEventStatisticsMigration: StationMigration = {
  version: 21,
  name: 'statistics of held-back orders and desk events',
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

      -- The operators' figures find a job's waybills by it.
      CREATE INDEX waybills_by_job ON waybills (job_id);
      CREATE TRIGGER statistics_order_held_back AFTER INSERT ON job_orders WHEN NEW.problems_json IS NOT NULL AND ${heldBack('NEW.problems_json')}
      BEGIN ${heldBackRow('NEW')}; END;
      CREATE TRIGGER statistics_desk_event AFTER INSERT ON desk_events BEGIN ${deskEventRow('NEW')}; END;

      INSERT OR IGNORE INTO statistics_held_back (day_start, shop_id, order_number, hour_start, carrier_code, branch_code)
      SELECT ${dayOf('j.created_at')}, m.shop_id, m.order_number, ${hourOf('j.created_at')}, COALESCE(j.carrier_code, ''), COALESCE(j.branch_code, '')
      FROM job_orders m JOIN issue_jobs j ON j.id = m.job_id WHERE m.problems_json IS NOT NULL AND ${heldBack('m.problems_json')} ORDER BY j.created_at;
      INSERT INTO statistics_desk_hours (hour_start, shop_id, verified, mismatches, overrides)
      SELECT ${hourOf('at')}, shop_id, SUM(kind = 'verification.completed'), SUM(kind = 'verification.mismatch'), SUM(kind = 'verification.override') FROM desk_events GROUP BY 1, 2;
    `);
  },
};
