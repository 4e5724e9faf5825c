import pg from 'pg';

/** How the connection to the shared database is protected: none, encrypted, or encrypted to a server whose certificate and name are verified. */
export type SharedTls = 'off' | 'require' | 'verify-full';

/** Where the shared database is and who this desk logs in as. */
export interface SharedConnectionSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  /** From the password vault; never in the settings file. */
  password: string | null;
  tls: SharedTls;
}

/** Options of the shared database's pool. */
export interface OpenSharedDatabaseOptions {
  /** This desk's name: the server lists the desk's connections under it (`application_name`). */
  deskName: string;
  /** Connections this desk holds at most (a few: the limiter, claims, notifications). */
  maxConnections?: number;
  /** How long a connection attempt may take before it counts as unreachable. */
  connectTimeoutMs?: number;
}

/** Turns the connection settings into `pg`'s: `require` encrypts without checking the certificate (as libpq's sslmode=require), `verify-full` checks it and the host name. */
export function pgConnectionConfig(settings: SharedConnectionSettings, options: OpenSharedDatabaseOptions): pg.PoolConfig {
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    ...(settings.password === null ? {} : { password: settings.password }),
    ssl: settings.tls === 'off' ? false : settings.tls === 'require' ? { rejectUnauthorized: false } : { rejectUnauthorized: true, servername: settings.host },
    application_name: options.deskName.slice(0, 63),
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    // A server that stopped answering (not refusing) must not hold a desk's call forever.
    query_timeout: 15_000,
    max: options.maxConnections ?? 4,
    // A desk's connections stay open while it works; idle ones are closed after a while.
    idleTimeoutMillis: 30_000,
  };
}

/**
 * Opens a pool of connections to the shared database. Nothing is sent until the first query;
 * a connection that dies while idle (the server restarted) is dropped from the pool and never
 * crashes the process.
 */
export function openSharedDatabase(settings: SharedConnectionSettings, options: OpenSharedDatabaseOptions): pg.Pool {
  const pool = new pg.Pool(pgConnectionConfig(settings, options));
  pool.on('error', () => {
    // An idle client lost its connection: the pool discards it; the next query opens a new one.
  });
  return pool;
}
