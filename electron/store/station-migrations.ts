import type Database from 'better-sqlite3';

/** One schema step. Versions count up from 1 with no gaps; a shipped migration never changes. */
export interface StationMigration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/** The station database's migrations, in order. Later features append theirs. */
export const stationMigrations: readonly StationMigration[] = [
  {
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
  },
];
