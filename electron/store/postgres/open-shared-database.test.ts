import type pg from 'pg';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StationFailure } from '../../ipc/to-station-error';
import { SHARED_SESSION_LIMITS, openSharedClient, openSharedDatabase, type SharedConnectionSettings } from './open-shared-database';
import { sharedDatabaseFailure } from './shared-database-failure';
import { startPostgresTestServer, type PostgresTestServer } from './testing/postgres-test-server';

let server: PostgresTestServer;
beforeAll(async () => {
  // One role the server asks for its password in clear text (pg_hba.conf `password`), one by md5; the superuser by SCRAM (initdb's default here).
  server = await startPostgresTestServer({ hba: ['host all cleartext_desk 127.0.0.1/32 password', 'host all md5_desk 127.0.0.1/32 md5'] });
  const admin = openSharedClient(server.connection(), { deskName: 'test setup' });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE cleartext_desk LOGIN PASSWORD 'desk-password'`);
    await admin.query(`SET password_encryption = 'md5'`);
    await admin.query(`CREATE ROLE md5_desk LOGIN PASSWORD 'desk-password'`);
  } finally {
    await admin.end();
  }
});
afterAll(() => server.dispose());

const asRole = (user: string): SharedConnectionSettings => ({ ...server.connection(), user, password: 'desk-password' });

/** What the server's session says its settings are, on a connection of a desk's pool. */
async function sessionSettings(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings WHERE name IN ('statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout', 'application_name') ORDER BY name`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}

describe('a desk’s connections to the shared database', () => {
  it('set the server-side limits on every session: statement, lock and idle-in-transaction timeouts', async () => {
    const pool = openSharedDatabase(server.connection(), { deskName: 'Desk 1' });
    try {
      expect(await sessionSettings(pool)).toEqual({
        application_name: 'Desk 1',
        idle_in_transaction_session_timeout: String(SHARED_SESSION_LIMITS.idleInTransactionSessionTimeoutMs),
        lock_timeout: String(SHARED_SESSION_LIMITS.lockTimeoutMs),
        statement_timeout: String(SHARED_SESSION_LIMITS.statementTimeoutMs),
      });
      expect((await pool.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows).toEqual([{ lock_timeout: '5s' }]);
      // Every connection of the pool, not only the first.
      const clients = await Promise.all([pool.connect(), pool.connect()]);
      for (const client of clients) expect((await client.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([{ statement_timeout: '14s' }]);
      for (const client of clients) client.release();
    } finally {
      await pool.end();
    }
  });

  it('survive the server restarting while a connection is checked out between queries: its next query fails, never the process, and the pool connects anew', async () => {
    const pool = openSharedDatabase(server.connection(), { deskName: 'restarted desk' });
    try {
      const client = await pool.connect();
      await client.query('BEGIN');
      server.restart();
      // The server's "terminating connection" is read with no query running (the client's own 'error' event).
      await delay(500);
      await expect(client.query('SELECT 1')).rejects.toThrow();
      client.release();
      expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('answer a lock another session holds too long with shared-mode.timed-out after the lock timeout, instead of waiting', async () => {
    const holder = openSharedClient(server.connection(), { deskName: 'sleeping desk' });
    const pool = openSharedDatabase(server.connection(), { deskName: 'waiting desk' });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(42)');
      const started = Date.now();
      const failure = await pool.query('SELECT pg_advisory_xact_lock(42)').catch((error: unknown) => sharedDatabaseFailure(error, server.connection()));
      expect(failure).toMatchObject({ error: { code: 'shared-mode.timed-out', retryable: true } });
      expect(Date.now() - started).toBeLessThan(SHARED_SESSION_LIMITS.lockTimeoutMs + 2000);
    } finally {
      await holder.end();
      await pool.end();
    }
  });

  it('refuse a server that asks for the password in clear text, and log in by md5 and SCRAM', async () => {
    const cleartext = openSharedDatabase(asRole('cleartext_desk'), { deskName: 'Desk 1', connectTimeoutMs: 2000 });
    try {
      const refusal = await cleartext.query('SELECT 1').catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StationFailure);
      expect((refusal as StationFailure).error).toEqual({ code: 'shared-mode.cleartext-password', params: { host: '127.0.0.1', user: 'cleartext_desk' }, retryable: false });
    } finally {
      await cleartext.end();
    }
    // The same refusal on a connection of its own (the desk's listener of changes).
    const listener = openSharedClient(asRole('cleartext_desk'), { deskName: 'Desk 1' });
    await expect(listener.connect()).rejects.toMatchObject({ error: { code: 'shared-mode.cleartext-password' } });
    await listener.end().catch(() => undefined);

    for (const connection of [asRole('md5_desk'), server.connection()]) {
      const pool = openSharedDatabase(connection, { deskName: 'Desk 1' });
      try {
        expect((await pool.query<{ user: string }>('SELECT current_user AS user')).rows).toEqual([{ user: connection.user }]);
      } finally {
        await pool.end();
      }
    }
  });
});
