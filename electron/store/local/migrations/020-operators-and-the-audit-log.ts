import { AUDIT_MINIMUM_RETENTION_DAYS } from '../../../../shared/operators/operators';
import type { StationMigration } from '../station-migration';

/**
 * Migration 20: the desk's operators and the audit log. An operator's PIN is kept only as a slow
 * salted hash, a badge only as a hash of its code. Audit entries are append-only: the database
 * refuses to change any of an entry's facts (only `shared_at`, when the shared history received
 * it, is ever set) and to delete one younger than the shortest retention. The operator's id and
 * name, the desk and the action are columns of their own, so counts group by them directly.
 */
export const operatorsAndAuditMigration: StationMigration = {
  version: 20,
  name: 'operators and the audit log',
  up(db) {
    db.exec(`
      CREATE TABLE operators (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL COLLATE NOCASE UNIQUE,
        role TEXT NOT NULL CHECK (role IN ('packer', 'supervisor')),
        pin_hash TEXT NOT NULL,
        badge_hash TEXT UNIQUE,
        failed_pins INTEGER NOT NULL DEFAULT 0,
        locked_until INTEGER,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE audit_entries (
        id TEXT PRIMARY KEY,
        at INTEGER NOT NULL,
        desk_id TEXT NOT NULL,
        desk_name TEXT NOT NULL,
        operator_id TEXT,
        operator_name TEXT,
        approved_by TEXT,
        action TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused', 'failed')),
        order_numbers TEXT NOT NULL DEFAULT '[]',
        waybill_codes TEXT NOT NULL DEFAULT '[]',
        job_id TEXT,
        detail TEXT NOT NULL DEFAULT '',
        shared_at INTEGER
      );
      CREATE INDEX audit_entries_by_time ON audit_entries (at);
      CREATE INDEX audit_entries_by_operator ON audit_entries (operator_id, at);
      CREATE INDEX audit_entries_by_action ON audit_entries (action, at);
      CREATE INDEX audit_entries_not_yet_shared ON audit_entries (at) WHERE shared_at IS NULL;
      CREATE TRIGGER audit_entries_append_only
        BEFORE UPDATE OF id, at, desk_id, desk_name, operator_id, operator_name, approved_by, action, outcome, order_numbers, waybill_codes, job_id, detail ON audit_entries
        BEGIN SELECT RAISE(ABORT, 'audit entries are append-only'); END;
      CREATE TRIGGER audit_entries_kept_for_the_retention
        BEFORE DELETE ON audit_entries
        WHEN old.at > CAST(strftime('%s', 'now') AS INTEGER) * 1000 - ${AUDIT_MINIMUM_RETENTION_DAYS} * 86400000
        BEGIN SELECT RAISE(ABORT, 'audit entries younger than the shortest retention are kept'); END;
    `);
  },
};
