import { sql, type Kysely } from 'kysely';

/**
 * Migration 008: the account's audit log, kept across desks. Each desk appends its own entries
 * (their ids are the desk's, so an entry sent twice after an outage is there once). Entries are
 * append-only: the server refuses to change one, and to delete one younger than the shortest
 * retention (30 days) — a desk prunes only entries older than the retention set in Settings.
 */
export const migration008SharedAuditLog = {
  name: '008-shared-audit-log',
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of statements) await statement.execute(db);
  },
} as const;

const statements = [
  sql`
    CREATE TABLE audit_entries (
      id text PRIMARY KEY,
      -- The order entries arrived in: entries of one millisecond list in it.
      seq bigserial NOT NULL,
      at_ms double precision NOT NULL,
      desk_id text NOT NULL,
      desk_name text NOT NULL,
      operator_id text,
      operator_name text,
      approved_by text,
      action text NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('done', 'refused', 'failed')),
      order_numbers text[] NOT NULL DEFAULT '{}',
      waybill_codes text[] NOT NULL DEFAULT '{}',
      job_id text,
      detail text NOT NULL DEFAULT '',
      received_at timestamptz NOT NULL DEFAULT now()
    )
  `,
  sql`CREATE INDEX audit_entries_by_time ON audit_entries (at_ms)`,
  sql`CREATE INDEX audit_entries_by_operator ON audit_entries (operator_id, at_ms)`,
  sql`CREATE INDEX audit_entries_by_desk ON audit_entries (desk_id, at_ms)`,
  sql`
    CREATE FUNCTION audit_entries_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        RAISE EXCEPTION 'audit entries are append-only' USING ERRCODE = 'WB009';
      END IF;
      IF OLD.at_ms > extract(epoch FROM now() - interval '30 days') * 1000 THEN
        RAISE EXCEPTION 'audit entries younger than the shortest retention are kept' USING ERRCODE = 'WB009';
      END IF;
      RETURN OLD;
    END
    $$
  `,
  sql`CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()`,
];
