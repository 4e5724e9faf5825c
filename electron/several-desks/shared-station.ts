import { randomUUID } from 'node:crypto';
import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import { stationError, type StationError } from '../../shared/errors/station-error';
import type { CallWindow } from '../gateway/call-window';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import { openSharedDatabase, type SharedConnectionSettings } from '../store/postgres/open-shared-database';
import { bindSchemaAccount, type SharedAccount } from '../store/postgres/shared-account';
import type { SharedDeskAccess } from '../store/postgres/shared-access';
import { createSharedCallWindow, type SharedCallWindowOptions } from './shared-call-window';
import { createSharedClaims, type SharedClaims } from '../store/postgres/shared-claims';
import { sharedDatabaseFailure } from '../store/postgres/shared-database-failure';
import { createSharedDesks, type SharedDesks } from '../store/postgres/shared-desks';
import { createSharedBarcodes, type SharedBarcodes } from '../store/postgres/shared-barcodes';
import { createSharedHistory, type SharedHistory } from '../store/postgres/shared-history';
import { createSharedStatistics, type SharedStatistics } from '../store/postgres/shared-statistics';
import { migrateSharedSchema } from '../store/postgres/shared-migrations';
import { checkSharedSchemaVersion } from '../store/postgres/shared-schema-version';
import { listenToSharedChanges, type SharedEvent } from '../store/postgres/shared-notifications';
import { createSharedOrders, type SharedOrders } from '../store/postgres/shared-orders';
import { createSharedOperators, type SharedOperators } from '../store/postgres/shared-operators';
import { createSharedVerifiedOrders, type SharedVerifiedOrders } from '../store/postgres/shared-verified-orders';

/** Whether the desk works with the shared database now. */
export type SharedLinkState = 'connected' | 'unreachable';

/** What the desk connects with: where the database is (null when the settings lack it: `problem` says what), the account's schema, and who this desk is. */
export interface SharedStationOptions {
  connection: SharedConnectionSettings | null;
  /** Why there is no connection (shared-mode.not-configured). */
  problem?: StationError;
  schema: string;
  deskId: string;
  deskName: string;
  /** The gateway and shop the desk works on now (its orders' claims and history are of it). */
  gatewayIdentity: () => GatewayIdentity;
  /** The account the desk works for: a schema of another account is refused when the link connects. */
  account: () => SharedAccount;
  logger: StationLogger;
  /** How often the desk says it is here (and checks the server), and how soon it tries again after losing it. */
  heartbeatMs?: number;
  /** The account's call window, past its defaults (tests shorten a call's life). */
  callWindow?: SharedCallWindowOptions;
}

/**
 * One desk's live link to the shared database: the account's modules on one pool, a heartbeat
 * that also notices the server coming and going, and the account's change notifications. The
 * desk starts without the server; the link connects (creating or migrating the schema) in the
 * background and again whenever it was lost (refusing a schema of another account, and stopping
 * when the schema's version changes under it). Until it is connected, the call window and every
 * `ready()` caller get `shared-mode.unreachable`: nothing is granted or claimed without the server.
 */
export interface SharedStation {
  access: SharedDeskAccess;
  /** The account's call window: grants only while the server answers. */
  callWindow: CallWindow;
  claims: SharedClaims;
  history: SharedHistory;
  orders: SharedOrders;
  desks: SharedDesks;
  /** The account's learned product barcodes (scan-to-verify). */
  barcodes: SharedBarcodes;
  /** The account's operators (they sign in at any desk; a lock holds at every desk). */
  operators: SharedOperators;
  /** The orders verified at any desk (scan-to-verify's "already verified"). */
  verifiedOrders: SharedVerifiedOrders;
  /** The account's statistics over the shared history. */
  statistics: SharedStatistics;
  /** This desk's name as the other desks show it. */
  deskName: string;
  gatewayIdentity: () => GatewayIdentity;
  state(): SharedLinkState;
  /** Throws the failure to show unless the link is connected. */
  ready(): void;
  /** Reports a failure of a shared call: a lost server turns the link unreachable until the heartbeat finds it again. */
  noticeFailure(error: unknown): void;
  /** Runs a shared call only while the link is ready (else throws its failure), reporting a failure as `noticeFailure` does. */
  withServer<T>(work: () => Promise<T>): Promise<T>;
  /** Calls `listener` on every change of the account (and `state` when the link came or went). */
  subscribe(listener: (event: SharedEvent | { type: 'state'; state: SharedLinkState }) => void): () => void;
  /** A job of this desk started (`running`) or ended: the Desks view shows the latest one still running, sent with a heartbeat at once. */
  followJob(jobId: string, running: boolean): void;
  close(): Promise<void>;
}

/** Opens the link; it never throws for an unreachable server (see SharedStation). */
export function openSharedStation(options: SharedStationOptions): SharedStation {
  const { logger, schema, deskId, deskName } = options;
  const heartbeatMs = options.heartbeatMs ?? 3000;
  const connection = options.connection ?? { host: '', port: 5432, database: '', user: '', password: null, tls: 'verify-full' as const };
  const pool = openSharedDatabase(connection, { deskName, connectTimeoutMs: 3000 });
  // This process's own id: the desk id is held by one live process at a time.
  const access: SharedDeskAccess = { pool, schema, deskId, bootId: randomUUID(), connection };
  const listeners = new Set<(event: SharedEvent | { type: 'state'; state: SharedLinkState }) => void>();
  const emit = (event: SharedEvent | { type: 'state'; state: SharedLinkState }) => {
    for (const listener of listeners) listener(event);
  };
  let state: SharedLinkState = 'unreachable';
  let lastFailure: StationFailure = new StationFailure(options.problem ?? stationError('shared-mode.unreachable', { host: connection.host, port: connection.port, reason: 'not connected yet' }));
  let migrated = false;
  let closed = false;
  let currentJobId: string | null = null;
  // Jobs of this desk running now, oldest first: the Desks view shows the latest.
  const runningJobs = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let beating: Promise<void> = Promise.resolve();
  const desks = createSharedDesks(access);

  const setState = (next: SharedLinkState) => {
    if (next === state) return;
    state = next;
    logger.info('shared database link', { state, reason: next === 'unreachable' ? lastFailure.error.params : null });
    emit({ type: 'state', state });
  };
  const noticeFailure = (error: unknown) => {
    const failure = sharedDatabaseFailure(error, connection);
    // A lost server, or the desk id taken by another process (this one slept past its heartbeats): nothing more is granted until the heartbeat sorts it out.
    if (failure.error.code !== 'shared-mode.unreachable' && failure.error.code !== 'shared-mode.desk-id-in-use') return;
    lastFailure = failure;
    setState('unreachable');
  };

  const beat = async () => {
    if (closed || options.connection === null) return;
    try {
      if (!migrated) {
        await migrateSharedSchema(pool, schema);
        await bindSchemaAccount(access, options.account());
        migrated = true;
      }
      if (!(await desks.heartbeat(deskName, currentJobId))) {
        // Another live process works under this desk id (two desks started from one data folder): this one waits, issuing nothing.
        lastFailure = new StationFailure(stationError('shared-mode.desk-id-in-use', { deskId }));
        if (state === 'connected') logger.warn('shared desk id held by another process', { deskId });
        setState('unreachable');
        return;
      }
      // A newer app may have migrated the schema since: this desk stops until it is restarted.
      await checkSharedSchemaVersion(pool, schema);
      setState('connected');
    } catch (error) {
      const failure = sharedDatabaseFailure(error, connection);
      // Any failure (a refused login too) is what a desk waiting for the link is told.
      lastFailure = failure;
      if (state === 'connected' || failure.error.code !== 'shared-mode.unreachable') logger.warn('shared database heartbeat failed', { error: failure.error.code, params: failure.error.params });
      setState('unreachable');
    }
  };
  const beatNow = () => {
    beating = beating.then(beat);
    return beating;
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void beatNow().then(schedule), heartbeatMs);
  };
  void beatNow().then(schedule);

  const notifications = options.connection === null ? null : listenToSharedChanges(options.connection, { schema, deskName });
  notifications?.subscribe((event) => {
    // Heard again after a loss: the server is back (the heartbeat confirms at once).
    if (event.type === 'listening') void beatNow();
    emit(event);
  });

  const shared = createSharedCallWindow(access, options.callWindow);
  const ready = () => {
    if (state !== 'connected' || !migrated) throw lastFailure;
  };
  const withServer = async <T>(work: () => Promise<T>): Promise<T> => {
    ready();
    try {
      return await work();
    } catch (error) {
      noticeFailure(error);
      throw error;
    }
  };
  const callWindow: CallWindow = {
    concurrentTakes: shared.concurrentTakes,
    setMarginMs: (marginMs) => shared.setMarginMs(marginMs),
    take: (signal, fence) => withServer(() => shared.take(signal, fence)),
  };

  return {
    access,
    callWindow,
    claims: createSharedClaims(access),
    history: createSharedHistory(access),
    orders: createSharedOrders(access),
    barcodes: createSharedBarcodes(access),
    operators: createSharedOperators(access),
    verifiedOrders: createSharedVerifiedOrders(access),
    statistics: createSharedStatistics(access),
    desks,
    deskName,
    gatewayIdentity: options.gatewayIdentity,
    state: () => state,
    ready,
    noticeFailure,
    withServer,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    followJob(jobId, running) {
      runningJobs.delete(jobId);
      if (running) runningJobs.add(jobId);
      const latest = [...runningJobs].at(-1) ?? null;
      if (latest === currentJobId) return;
      currentJobId = latest;
      void beatNow();
    },
    async close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      await beating;
      await notifications?.close();
      await pool.end().catch(() => undefined);
    },
  };
}
