import type pg from 'pg';
import { quoteIdentifier } from './shared-migrations';

/** A desk that joined the account's schema. */
export interface SharedDesk {
  deskId: string;
  name: string;
  /** When the server last saw it (epoch ms, the server's clock). */
  lastSeenAt: number;
}

/** PostgreSQL's version as the server states it (`15.8`). */
export async function sharedServerVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ server_version: string }>('SHOW server_version');
  return rows[0]?.server_version ?? '';
}

/** Records that this desk is here now, under its current name (a renamed desk keeps its id and rows). */
export async function recordDeskSeen(pool: pg.Pool, schema: string, desk: { deskId: string; name: string }): Promise<void> {
  await pool.query(
    `INSERT INTO ${quoteIdentifier(schema)}.desks (desk_id, name) VALUES ($1, $2)
     ON CONFLICT (desk_id) DO UPDATE SET name = excluded.name, last_seen_at = now()`,
    [desk.deskId, desk.name],
  );
}

/** Every desk of the account's schema, the latest seen first. */
export async function listSharedDesks(pool: pg.Pool, schema: string): Promise<SharedDesk[]> {
  const { rows } = await pool.query<{ desk_id: string; name: string; last_seen_ms: string }>(
    `SELECT desk_id, name, extract(epoch FROM last_seen_at) * 1000 AS last_seen_ms FROM ${quoteIdentifier(schema)}.desks ORDER BY last_seen_at DESC, name`,
  );
  return rows.map((row) => ({ deskId: row.desk_id, name: row.name, lastSeenAt: Math.round(Number(row.last_seen_ms)) }));
}
