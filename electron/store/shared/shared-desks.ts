import type pg from 'pg';
import { epochMs, sharedStatements, type SharedDeskAccess } from './shared-access';
import { quoteIdentifier } from './shared-migrations';
import { notifySharedChange } from './shared-notifications';

/** A desk of the account, as the Desks view shows it. */
export interface SharedDesk {
  deskId: string;
  name: string;
  /** When the server last saw it (epoch ms, the server's clock). */
  lastSeenAt: number;
  /** Seen within the online window (judged by the server's clock). */
  online: boolean;
  /** The job it is running; null when idle. */
  currentJobId: string | null;
  /** Waybills it recorded in the shared history that were issued this China day (Asia/Shanghai). */
  labelsToday: number;
}

/** A desk that has not been seen for this long is shown offline (it heartbeats far more often). */
export const DESK_ONLINE_WINDOW_MS = 30_000;

/** PostgreSQL's version as the server states it (`15.8`). */
export async function sharedServerVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
  return rows[0]?.server_version ?? '';
}

/** Records that this desk is here now, under its current name (a renamed desk keeps its id and rows); its current job stays as it was. */
export async function recordDeskSeen(pool: pg.Pool, schema: string, desk: { deskId: string; name: string }): Promise<void> {
  await pool.query(
    `INSERT INTO ${quoteIdentifier(schema)}.desks (desk_id, name) VALUES ($1, $2)
     ON CONFLICT (desk_id) DO UPDATE SET name = excluded.name, last_seen_at = now()`,
    [desk.deskId, desk.name],
  );
}

/** Every desk of the account's schema with its state, the latest seen first. */
export async function listSharedDesks(pool: pg.Pool, schema: string, onlineWindowMs = DESK_ONLINE_WINDOW_MS): Promise<SharedDesk[]> {
  const desks = `${quoteIdentifier(schema)}.desks`;
  const waybills = `${quoteIdentifier(schema)}.shared_waybills`;
  const { rows } = await pool.query<{ desk_id: string; name: string; last_seen_ms: number; online: boolean; current_job_id: string | null; labels_today: number }>(
    `SELECT d.desk_id, d.name, ${epochMs('d.last_seen_at')} AS last_seen_ms, d.last_seen_at > now() - $1::float8 * interval '1 millisecond' AS online, d.current_job_id,
       (SELECT count(*)::integer FROM ${waybills} w WHERE w.desk_id = d.desk_id
          AND w.issued_at >= date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai') AS labels_today
     FROM ${desks} d ORDER BY d.last_seen_at DESC, d.name`,
    [onlineWindowMs],
  );
  return rows.map((row) => ({
    deskId: row.desk_id,
    name: row.name,
    lastSeenAt: Math.round(row.last_seen_ms),
    online: row.online,
    currentJobId: row.current_job_id,
    labelsToday: row.labels_today,
  }));
}

/** One desk's presence in the account. */
export interface SharedDesks {
  /** Records that this desk is here now, under this name, running this job (null: idle). Announced (`desk-changed`) when it joined, was renamed, changed job or had been offline. */
  heartbeat(name: string, currentJobId: string | null): Promise<void>;
  /** Every desk with its state (see listSharedDesks). */
  list(): Promise<SharedDesk[]>;
}

/** A desk's heartbeat and the Desks view, on the account's schema; failures are typed (`shared-mode.unreachable` when the server is gone). */
export function createSharedDesks(access: SharedDeskAccess, options: { onlineWindowMs?: number } = {}): SharedDesks {
  const statements = sharedStatements(access);
  const desks = statements.table('desks');
  const onlineWindowMs = options.onlineWindowMs ?? DESK_ONLINE_WINDOW_MS;
  return {
    heartbeat: (name, currentJobId) =>
      statements.transaction(async (client) => {
        const before = await client.query<{ name: string; current_job_id: string | null; online: boolean }>(
          `SELECT name, current_job_id, last_seen_at > now() - $2::float8 * interval '1 millisecond' AS online FROM ${desks} WHERE desk_id = $1 FOR UPDATE`,
          [access.deskId, onlineWindowMs],
        );
        await client.query(
          `INSERT INTO ${desks} (desk_id, name, current_job_id) VALUES ($1, $2, $3)
           ON CONFLICT (desk_id) DO UPDATE SET name = excluded.name, current_job_id = excluded.current_job_id, last_seen_at = now()`,
          [access.deskId, name, currentJobId],
        );
        const was = before.rows[0];
        if (was === undefined || was.name !== name || was.current_job_id !== currentJobId || !was.online) {
          await notifySharedChange(client, access.schema, { type: 'desk-changed', deskId: access.deskId });
        }
      }),
    async list() {
      try {
        return await listSharedDesks(access.pool, access.schema, onlineWindowMs);
      } catch (error) {
        throw statements.failure(error);
      }
    },
  };
}
