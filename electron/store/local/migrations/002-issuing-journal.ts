import type { StationMigration } from '../station-migration';

/** Migration 2: the issuing journal: jobs, their orders, waybills, each order's truth and the attempts made. */
export const issuingJournalMigration: StationMigration = {
  version: 2,
  name: 'issuing journal',
  up(db) {
    // journal_orders is each order's truth (one row per order number, so never two waybills);
    // job_orders is a job's membership, its user-chosen order and the order as it was planned.
    db.exec(`
      CREATE TABLE issue_jobs (
        id TEXT PRIMARY KEY,
        state TEXT NOT NULL CHECK (state IN ('planned', 'issuing', 'printing', 'done', 'cancelled', 'failed')),
        ending TEXT CHECK (ending IN ('done', 'cancelled', 'failed')),
        created_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER,
        updated_at INTEGER NOT NULL,
        carrier_code TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        settings_json TEXT NOT NULL,
        package_limit INTEGER,
        stop_error_json TEXT
      );
      CREATE INDEX issue_jobs_by_state ON issue_jobs (state);

      CREATE TABLE job_orders (
        job_id TEXT NOT NULL REFERENCES issue_jobs (id),
        order_number TEXT NOT NULL,
        position INTEGER NOT NULL,
        package_key TEXT,
        order_json TEXT NOT NULL,
        problems_json TEXT,
        PRIMARY KEY (job_id, order_number)
      );
      CREATE INDEX job_orders_by_order ON job_orders (order_number);
      CREATE INDEX job_orders_by_position ON job_orders (job_id, position);

      CREATE TABLE waybills (
        waybill_code TEXT PRIMARY KEY,
        parent_waybill_code TEXT,
        carrier_code TEXT,
        branch_code TEXT,
        object_id TEXT NOT NULL,
        origin TEXT NOT NULL CHECK (origin IN ('issued', 'recovered', 'elsewhere')),
        job_id TEXT NOT NULL,
        recorded_at INTEGER NOT NULL,
        print_data TEXT,
        print_data_state TEXT NOT NULL CHECK (print_data_state IN ('present', 'unreadable', 'purged')),
        voided_at INTEGER,
        void_note TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX waybills_by_recorded ON waybills (recorded_at);

      CREATE TABLE journal_orders (
        order_number TEXT PRIMARY KEY,
        job_id TEXT NOT NULL REFERENCES issue_jobs (id),
        state TEXT NOT NULL CHECK (state IN ('planned', 'pending', 'issued', 'recovered', 'elsewhere', 'failed', 'skipped')),
        attempts INTEGER NOT NULL DEFAULT 0,
        unknown_attempts INTEGER NOT NULL DEFAULT 0,
        last_attempt_id INTEGER,
        waybill_code TEXT REFERENCES waybills (waybill_code),
        error_json TEXT,
        updated_at INTEGER NOT NULL,
        CHECK ((waybill_code IS NOT NULL) = (state IN ('issued', 'recovered', 'elsewhere')))
      );
      CREATE INDEX journal_orders_by_job ON journal_orders (job_id, state);
      CREATE INDEX journal_orders_by_waybill ON journal_orders (waybill_code) WHERE waybill_code IS NOT NULL;
      CREATE INDEX journal_orders_pending ON journal_orders (order_number) WHERE state = 'pending';

      CREATE TABLE issue_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('issue', 'query')),
        started_at INTEGER NOT NULL,
        finished_at INTEGER,
        outcome TEXT CHECK (outcome IN ('answered', 'rejected', 'unknown', 'not-sent')),
        error_json TEXT
      );
      CREATE TABLE attempt_orders (
        attempt_id INTEGER NOT NULL REFERENCES issue_attempts (id),
        order_number TEXT NOT NULL,
        PRIMARY KEY (attempt_id, order_number)
      );
      CREATE INDEX attempt_orders_by_order ON attempt_orders (order_number);
    `);
  },
};
