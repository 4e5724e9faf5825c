import type pg from 'pg';
import type { StationFailure } from '../../ipc/to-station-error';
import type { SharedConnectionSettings } from './open-shared-database';
import { sharedDatabaseFailure } from './shared-database-failure';
import { quoteIdentifier } from './shared-migrations';

/** How one desk reaches the account's schema: its pool, the schema, its id, and where the server is (for the errors it shows). */
export interface SharedDeskAccess {
  pool: pg.Pool;
  /** The account's schema (migrated). */
  schema: string;
  /** This desk's id (a row of `desks`: record it as seen before anything else). */
  deskId: string;
  /**
   * This process's id, new at every start: the desk id is held by one process at a time, and a
   * claim is this process's own only when it made it (a restarted desk looks its earlier claims up).
   */
  bootId: string;
  connection: Pick<SharedConnectionSettings, 'host' | 'port' | 'database' | 'user'>;
}

/** The statements' runner of one desk's access: every failure is a typed StationFailure (`shared-mode.unreachable` when the server is gone). */
export interface SharedStatements {
  /** `name` qualified with the account's schema. */
  table(name: string): string;
  /** One statement on any connection of the pool. */
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<Row[]>;
  /** Statements in one transaction on one connection: committed when `work` resolves, rolled back when it throws. */
  transaction<T>(work: (client: pg.ClientBase) => Promise<T>): Promise<T>;
  /** What a failure of the shared database is, as the desk shows it. */
  failure(error: unknown): StationFailure;
}

/** The epoch milliseconds of a timestamptz expression, as a number (`pg` reads float8 as one). */
export const epochMs = (expression: string): string => `(extract(epoch FROM ${expression}) * 1000)::float8`;

/**
 * Runs a desk's statements against the account's schema. A transaction's connection that failed
 * is discarded, never returned to the pool; nothing is answered as done unless the server
 * committed it.
 */
export function sharedStatements(access: Pick<SharedDeskAccess, 'pool' | 'schema' | 'connection'>): SharedStatements {
  const schema = quoteIdentifier(access.schema);
  const failure = (error: unknown) => sharedDatabaseFailure(error, access.connection);
  return {
    failure,
    table: (name) => `${schema}.${quoteIdentifier(name)}`,
    async query(text, values) {
      try {
        return (await access.pool.query(text, values)).rows;
      } catch (error) {
        throw failure(error);
      }
    },
    async transaction(work) {
      let client: pg.PoolClient;
      try {
        client = await access.pool.connect();
      } catch (error) {
        throw failure(error);
      }
      // A connection lost while checked out also emits 'error' (the pool listens only to idle ones):
      // the statement in flight rejects with it, so the event itself is dropped, never left to crash the process.
      const ignoreLoss = () => undefined;
      client.on('error', ignoreLoss);
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        client.removeListener('error', ignoreLoss);
        client.release();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        client.removeListener('error', ignoreLoss);
        // A connection that failed mid-transaction may be broken: the pool closes it.
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw failure(error);
      }
    },
  };
}
