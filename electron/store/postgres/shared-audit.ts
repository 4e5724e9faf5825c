import type { AuditEntry, AuditQuery } from '../../../shared/operators/operators';
import { sharedStatements, type SharedDeskAccess } from './shared-access';

/** The account's audit log in the shared database: every desk's entries, searchable together. */
export interface SharedAudit {
  /** Appends this desk's entries (an entry already there, sent again after an outage, is left as it is). */
  append(entries: readonly AuditEntry[]): Promise<void>;
  /** A page of the account's entries matching the query, newest first, and how many match. */
  search(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }>;
  /** Deletes the account's entries older than `cutoff`; answers how many. */
  pruneOlderThan(cutoff: number): Promise<number>;
}

interface SharedAuditRow {
  id: string;
  at_ms: number;
  desk_id: string;
  desk_name: string;
  operator_id: string | null;
  operator_name: string | null;
  approved_by: string | null;
  action: AuditEntry['action'];
  outcome: AuditEntry['outcome'];
  order_numbers: string[];
  waybill_codes: string[];
  job_id: string | null;
  detail: string;
}

/** The audit log of the account's schema, as one desk reaches it. */
export function createSharedAudit(access: Pick<SharedDeskAccess, 'pool' | 'schema' | 'connection'>): SharedAudit {
  const statements = sharedStatements(access);
  const table = statements.table('audit_entries');
  return {
    async append(entries) {
      if (entries.length === 0) return;
      await statements.query(
        `INSERT INTO ${table} (id, at_ms, desk_id, desk_name, operator_id, operator_name, approved_by, action, outcome, order_numbers, waybill_codes, job_id, detail)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS e (id text, at_ms double precision, desk_id text, desk_name text, operator_id text, operator_name text, approved_by text, action text, outcome text, order_numbers text[], waybill_codes text[], job_id text, detail text)
         ON CONFLICT (id) DO NOTHING`,
        [
          JSON.stringify(
            entries.map((entry) => ({
              id: entry.id,
              at_ms: entry.at,
              desk_id: entry.deskId,
              desk_name: entry.deskName,
              operator_id: entry.operatorId,
              operator_name: entry.operatorName,
              approved_by: entry.approvedBy,
              action: entry.action,
              outcome: entry.outcome,
              order_numbers: entry.orderNumbers,
              waybill_codes: entry.waybillCodes,
              job_id: entry.jobId,
              detail: entry.detail,
            })),
          ),
        ],
      );
    },
    async search(query) {
      const parts: string[] = [];
      const values: unknown[] = [];
      const value = (next: unknown) => {
        values.push(next);
        return `$${values.length}`;
      };
      if (query.text !== undefined && query.text !== '') {
        const like = value(`%${query.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
        parts.push(
          `(operator_name ILIKE ${like} OR approved_by ILIKE ${like} OR desk_name ILIKE ${like} OR job_id ILIKE ${like} OR array_to_string(order_numbers, ' ') ILIKE ${like} OR array_to_string(waybill_codes, ' ') ILIKE ${like})`,
        );
      }
      if (query.actions !== undefined && query.actions.length > 0) parts.push(`action = ANY (${value(query.actions)}::text[])`);
      if (query.outcome !== undefined) parts.push(`outcome = ${value(query.outcome)}`);
      if (query.from !== undefined) parts.push(`at_ms >= ${value(query.from)}`);
      if (query.to !== undefined) parts.push(`at_ms < ${value(query.to)}`);
      const where = parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '';
      const [counted] = await statements.query<{ count: string }>(`SELECT count(*) AS count FROM ${table} ${where}`, values);
      const rows = await statements.query<SharedAuditRow>(`SELECT * FROM ${table} ${where} ORDER BY at_ms DESC, seq DESC LIMIT ${value(query.limit)} OFFSET ${value(query.offset)}`, values);
      return {
        total: Number(counted?.count ?? 0),
        entries: rows.map((row) => ({
          id: row.id,
          at: Number(row.at_ms),
          deskId: row.desk_id,
          deskName: row.desk_name,
          operatorId: row.operator_id,
          operatorName: row.operator_name,
          approvedBy: row.approved_by,
          action: row.action,
          outcome: row.outcome,
          orderNumbers: row.order_numbers,
          waybillCodes: row.waybill_codes,
          jobId: row.job_id,
          detail: row.detail,
        })),
      };
    },
    async pruneOlderThan(cutoff) {
      const rows = await statements.query<{ id: string }>(`DELETE FROM ${table} WHERE at_ms < $1 RETURNING id`, [cutoff]);
      return rows.length;
    },
  };
}
