import type { StationMigration } from '../station-migration';

/** Migration 1: the gateway call cost ledger (points spent per call, per China day and per job). */
export const gatewayCallCostsMigration: StationMigration = {
  version: 1,
  name: 'gateway call costs',
  up(db) {
    db.exec(`
      CREATE TABLE gateway_call_costs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        endpoint TEXT NOT NULL,
        points INTEGER NOT NULL CHECK (points >= 0),
        job_id TEXT,
        at INTEGER NOT NULL,
        china_day TEXT NOT NULL
      );
      CREATE INDEX gateway_call_costs_by_day ON gateway_call_costs (china_day);
      CREATE INDEX gateway_call_costs_by_job ON gateway_call_costs (job_id) WHERE job_id IS NOT NULL;
    `);
  },
};
