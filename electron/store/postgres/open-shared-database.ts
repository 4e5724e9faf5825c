import pg from 'pg';
import { stationError } from '../../../shared/errors/station-error';
import type { SharedTls } from '../../../shared/settings/settings-schema';
import { StationFailure } from '../../ipc/to-station-error';

export type { SharedTls } from '../../../shared/settings/settings-schema';

/** Where the shared database is and who this desk logs in as. */
export interface SharedConnectionSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  /** From the password vault; never in the settings file. */
  password: string | null;
  tls: SharedTls;
  /** The PEM text of the root certificate(s) the server's certificate must chain to (the file Settings names, read by the main process); absent: the system's trusted roots. */
  rootCertificate?: string;
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

/** How long the desk waits for the server's answer to one statement before giving the call up (pg's client-side `query_timeout`). */
const QUERY_TIMEOUT_MS = 15_000;

/**
 * The limits every session of a desk sets on the server, so that a desk that sleeps, lags or
 * dies mid-transaction never holds the other desks up for long: a statement is cancelled by the
 * server a second before the desk would give up on it (the server stops the work and frees its
 * locks, and the connection stays usable); a lock (a claim's row, the call window's advisory
 * lock) is waited for 5 s at most; a session idle inside a transaction (a laptop closed between
 * two statements) is ended after 15 s, releasing what it held. The desk's own transactions
 * run a few statements back to back, far below each limit.
 */
export const SHARED_SESSION_LIMITS = {
  statementTimeoutMs: QUERY_TIMEOUT_MS - 1000,
  lockTimeoutMs: 5000,
  idleInTransactionSessionTimeoutMs: 15_000,
} as const;

/** When an idle connection starts sending TCP keepalives: a server that vanished (a cable pulled, a NAT entry dropped) is noticed in under a minute, not after the OS's two hours. */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

/**
 * A `pg` client that never sends the password in the clear: a server asking for it
 * (AuthenticationCleartextPassword, pg_hba.conf's `password` method) is refused with
 * `shared-mode.cleartext-password` and the socket closed, where `pg` would answer it silently.
 * md5 and SCRAM are answered as usual: neither sends the password itself.
 */
class NoCleartextPasswordClient extends pg.Client {
  /** Overrides pg's handler of AuthenticationCleartextPassword (lib/client.js). */
  _handleAuthCleartextPassword(): void {
    this.connection.emit('error', new StationFailure(stationError('shared-mode.cleartext-password', { host: this.host, user: this.user ?? '' })));
    this.connection.stream.destroy();
  }
}

/** The TLS options of `pg` for a TLS choice: both verify the certificate's chain (to `rootCertificate`, or the system's roots); only `verify-full` also its host name. */
function tlsOptions(settings: SharedConnectionSettings): pg.PoolConfig['ssl'] {
  if (settings.tls === 'off') return false;
  // pg sets the server name (SNI and the name checked) from the host itself, and leaves it out for an IP address as RFC 6066 asks.
  const roots = settings.rootCertificate === undefined ? {} : { ca: settings.rootCertificate };
  return settings.tls === 'verify-full' ? { rejectUnauthorized: true, ...roots } : { rejectUnauthorized: true, ...roots, checkServerIdentity: () => undefined };
}

/**
 * Turns the connection settings into `pg`'s: TLS as chosen (libpq's sslmode of the same
 * name), the session limits of SHARED_SESSION_LIMITS, TCP keepalive, and a client that refuses
 * to send the password in the clear.
 */
export function pgConnectionConfig(settings: SharedConnectionSettings, options: OpenSharedDatabaseOptions): pg.PoolConfig {
  return {
    Client: NoCleartextPasswordClient,
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    ...(settings.password === null ? {} : { password: settings.password }),
    ssl: tlsOptions(settings),
    application_name: options.deskName.slice(0, 63),
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    // A server that stopped answering (not refusing) must not hold a desk's call forever.
    query_timeout: QUERY_TIMEOUT_MS,
    statement_timeout: SHARED_SESSION_LIMITS.statementTimeoutMs,
    lock_timeout: SHARED_SESSION_LIMITS.lockTimeoutMs,
    idle_in_transaction_session_timeout: SHARED_SESSION_LIMITS.idleInTransactionSessionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    // The call window's 4 reservations in flight and 4 for the rest (claims, waybills recorded, uploads):
    // with 4 in all, a far desk's other statements waited behind its reservations, and its calls left late.
    max: options.maxConnections ?? 8,
    // A desk's connections stay open while it works; idle ones are closed after a while.
    idleTimeoutMillis: 30_000,
  };
}

/** One connection of its own to the shared database (the listener of changes, tests), configured as the pool's are. */
export function openSharedClient(settings: SharedConnectionSettings, options: OpenSharedDatabaseOptions): pg.Client {
  return new NoCleartextPasswordClient(pgConnectionConfig(settings, options));
}

/**
 * Opens a pool of connections to the shared database. Nothing is sent until the first query;
 * a connection that dies (the server restarted) is dropped from the pool and never crashes the
 * process, whether it was idle in the pool or checked out between two queries.
 */
export function openSharedDatabase(settings: SharedConnectionSettings, options: OpenSharedDatabaseOptions): pg.Pool {
  const pool = new pg.Pool(pgConnectionConfig(settings, options));
  pool.on('error', () => {
    // An idle client lost its connection: the pool discards it; the next query opens a new one.
  });
  // A checked-out client has no pool listener: its lost connection (no query running) would be an
  // uncaught 'error'. Its next query fails instead, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
