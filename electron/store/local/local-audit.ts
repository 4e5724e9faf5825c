import type { AuditEntry, AuditQuery } from '../../../shared/operators/operators';
import type { AuditReader, AuditWriter } from '../station-backend';
import type { StationDatabase } from './open-station-database';

interface AuditRow {
  id: string;
  at: number;
  desk_id: string;
  desk_name: string;
  operator_id: string | null;
  operator_name: string | null;
  approved_by: string | null;
  action: AuditEntry['action'];
  outcome: AuditEntry['outcome'];
  order_numbers: string;
  waybill_codes: string;
  job_id: string | null;
  detail: string;
}

/** An entry as stored, back to its domain form. */
export function auditEntryOfRow(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    deskId: row.desk_id,
    deskName: row.desk_name,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    approvedBy: row.approved_by,
    action: row.action,
    outcome: row.outcome,
    orderNumbers: JSON.parse(row.order_numbers) as string[],
    waybillCodes: JSON.parse(row.waybill_codes) as string[],
    jobId: row.job_id,
    detail: row.detail,
  };
}

/** The WHERE clause and values of an audit search (text matches operator, supervisor, desk, orders, waybills, job). */
function whereOf(query: Omit<AuditQuery, 'limit' | 'offset'>): { clause: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  if (query.text !== undefined && query.text !== '') {
    const like = `%${query.text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    parts.push(`(operator_name LIKE ? ESCAPE '\\' OR approved_by LIKE ? ESCAPE '\\' OR desk_name LIKE ? ESCAPE '\\' OR order_numbers LIKE ? ESCAPE '\\' OR waybill_codes LIKE ? ESCAPE '\\' OR job_id LIKE ? ESCAPE '\\')`);
    values.push(like, like, like, like, like, like);
  }
  if (query.actions !== undefined && query.actions.length > 0) {
    parts.push(`action IN (${query.actions.map(() => '?').join(', ')})`);
    values.push(...query.actions);
  }
  if (query.outcome !== undefined) {
    parts.push('outcome = ?');
    values.push(query.outcome);
  }
  if (query.from !== undefined) {
    parts.push('at >= ?');
    values.push(query.from);
  }
  if (query.to !== undefined) {
    parts.push('at < ?');
    values.push(query.to);
  }
  return { clause: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', values };
}

/** The desk's audit log in the station database: appended, searched, pruned past the retention, shared later. */
export function createLocalAudit(db: StationDatabase): { read: AuditReader; write: AuditWriter } {
  const insert = db.prepare(
    `INSERT INTO audit_entries (id, at, desk_id, desk_name, operator_id, operator_name, approved_by, action, outcome, order_numbers, waybill_codes, job_id, detail)
     VALUES (@id, @at, @deskId, @deskName, @operatorId, @operatorName, @approvedBy, @action, @outcome, @orderNumbers, @waybillCodes, @jobId, @detail)`,
  );
  const unshared = db.prepare<[number], AuditRow>('SELECT * FROM audit_entries WHERE shared_at IS NULL ORDER BY at, rowid LIMIT ?');
  const markShared = db.prepare<[number, string]>('UPDATE audit_entries SET shared_at = ? WHERE id = ? AND shared_at IS NULL');
  const prune = db.prepare<[number]>('DELETE FROM audit_entries WHERE at < ?');
  return {
    read: {
      async search(query) {
        const { clause, values } = whereOf(query);
        const total = (db.prepare(`SELECT count(*) AS count FROM audit_entries ${clause}`).get(...values) as { count: number }).count;
        const rows = db.prepare(`SELECT * FROM audit_entries ${clause} ORDER BY at DESC, rowid DESC LIMIT ? OFFSET ?`).all(...values, query.limit, query.offset) as AuditRow[];
        return { entries: rows.map(auditEntryOfRow), total };
      },
      unshared: async (limit) => unshared.all(limit).map(auditEntryOfRow),
    },
    write: {
      async append(entry) {
        insert.run({ ...entry, orderNumbers: JSON.stringify(entry.orderNumbers), waybillCodes: JSON.stringify(entry.waybillCodes) });
      },
      async markShared(ids, at) {
        db.transaction(() => {
          for (const id of ids) markShared.run(at, id);
        })();
      },
      pruneOlderThan: async (cutoff) => prune.run(cutoff).changes,
    },
  };
}
