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

/** A process holding a desk id is taken for gone once the server has not seen it for this long (it beats every few seconds). */
export const DESK_PROCESS_STALE_MS = 10_000;

/**
 * Makes the desk known to the account under this name (Settings' "Test connection"), without
 * taking its id for this process: a running desk of that id keeps it, and one that runs later
 * joins at once.
 */
export async function introduceSharedDesk(pool: pg.Pool, schema: string, desk: { deskId: string; name: string }): Promise<void> {
  await pool.query(
    `INSERT INTO ${quoteIdentifier(schema)}.desks (desk_id, name) VALUES ($1, $2)
     ON CONFLICT (desk_id) DO UPDATE SET name = excluded.name WHERE ${quoteIdentifier(schema)}.desks.boot_id IS NULL`,
    [desk.deskId, desk.name],
  );
}

/**
 * This process takes its desk id in the account (joining it, or renamed): only when no other
 * live process holds the id — none, or one the server has not seen for `staleMs` (it died).
 * Answers false while another process holds it: two desks started from one data folder (a
 * cloned folder) never both work under one id.
 */
export async function joinSharedDesk(pool: pg.Pool, schema: string, desk: { deskId: string; bootId: string; name: string }, staleMs = DESK_PROCESS_STALE_MS): Promise<boolean> {
  const { rows } = await pool.query<{ joined: boolean }>(`SELECT ${quoteIdentifier(schema)}.join_desk($1, $2, $3, $4) AS joined`, [desk.deskId, desk.bootId, desk.name, staleMs]);
  return rows[0]?.joined === true;
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
  /**
   * Records that this desk's process is here now, under this name, running this job (null:
   * idle); it first takes the desk id (see joinSharedDesk) and beats only while it holds it.
   * Answers false when another live process holds the desk id (nothing was recorded).
   * Announced (`desk-changed`) when it joined, was renamed, changed job or had been offline.
   */
  heartbeat(name: string, currentJobId: string | null): Promise<boolean>;
  /** Every desk with its state (see listSharedDesks). */
  list(): Promise<SharedDesk[]>;
}

/** A desk's heartbeat and the Desks view, on the account's schema; failures are typed (`shared-mode.unreachable` when the server is gone). */
export function createSharedDesks(access: SharedDeskAccess, options: { onlineWindowMs?: number; staleMs?: number } = {}): SharedDesks {
  const statements = sharedStatements(access);
  const desks = statements.table('desks');
  const onlineWindowMs = options.onlineWindowMs ?? DESK_ONLINE_WINDOW_MS;
  return {
    heartbeat: (name, currentJobId) =>
      statements.transaction(async (client) => {
        const before = await client.query<{ name: string; current_job_id: string | null; online: boolean; ours: boolean }>(
          `SELECT name, current_job_id, last_seen_at > now() - $2::float8 * interval '1 millisecond' AS online, boot_id IS NOT DISTINCT FROM $3 AS ours FROM ${desks} WHERE desk_id = $1 FOR UPDATE`,
          [access.deskId, onlineWindowMs, access.bootId],
        );
        const was = before.rows[0];
        if (was === undefined || !was.ours) {
          const joined = await client.query<{ joined: boolean }>(`SELECT ${statements.table('join_desk')}($1, $2, $3, $4) AS joined`, [access.deskId, access.bootId, name, options.staleMs ?? DESK_PROCESS_STALE_MS]);
          if (joined.rows[0]?.joined !== true) return false;
        }
        await client.query(`UPDATE ${desks} SET name = $2, current_job_id = $3, last_seen_at = now() WHERE desk_id = $1`, [access.deskId, name, currentJobId]);
        if (was === undefined || !was.ours || was.name !== name || was.current_job_id !== currentJobId || !was.online) {
          await notifySharedChange(client, access.schema, { type: 'desk-changed', deskId: access.deskId });
        }
        return true;
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
