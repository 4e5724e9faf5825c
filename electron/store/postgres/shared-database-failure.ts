import { stationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import type { SharedConnectionSettings } from './open-shared-database';

/** Node's TLS failures of a certificate that cannot be trusted for this host. */
const certificateErrorCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Connection failures of the network or the server's process (not an answer of the server). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/** PostgreSQL's SQLSTATE classes of a server going away: shutting down, starting, crashed (57P01–57P03), connection exceptions (08…), and a session it ended for idling inside a transaction (25P03: this desk slept mid-transaction). */
const serverGoneStates = /^(57P0[1-3]|08|25P03)/;

/** The session limits of SHARED_SESSION_LIMITS reached: a statement cancelled (57014), a lock not granted in time (55P03). */
const timedOutStates = new Set(['57014', '55P03']);

/**
 * Turns what `pg` threw while talking to the shared database into a typed StationFailure the
 * desk can show: unreachable (retryable), timed out (retryable), login refused, database missing,
 * TLS refused, or refused otherwise (permissions). A StationFailure passes unchanged.
 */
export function sharedDatabaseFailure(error: unknown, settings: Pick<SharedConnectionSettings, 'host' | 'port' | 'database' | 'user'>): StationFailure {
  if (error instanceof StationFailure) return error;
  const { code, message } = error as { code?: string; message?: string };
  const reason = code ?? message ?? String(error);
  const { host, port, database, user } = settings;
  if (code === '28P01' || code === '28000' || /password must be a string|SASL/.test(message ?? '')) {
    // 28000 is also "no pg_hba.conf entry … no encryption": a server that demands TLS.
    if (code === '28000' && /no encryption/.test(message ?? '')) return new StationFailure(stationError('shared-mode.tls-refused', { host, reason: 'the server accepts only encrypted connections' }));
    return new StationFailure(stationError('shared-mode.auth-failed', { user, database }));
  }
  if (code !== undefined && timedOutStates.has(code)) return new StationFailure(stationError('shared-mode.timed-out', { reason: message ?? code }));
  if (code === '3D000') return new StationFailure(stationError('shared-mode.database-missing', { database }));
  if ((code !== undefined && certificateErrorCodes.has(code)) || /does not support SSL/.test(message ?? '')) {
    return new StationFailure(stationError('shared-mode.tls-refused', { host, reason }));
  }
  if ((code !== undefined && (unreachableCodes.has(code) || serverGoneStates.test(code))) || /timeout|terminated|Connection ended|not queryable/i.test(message ?? '')) {
    return new StationFailure(stationError('shared-mode.unreachable', { host, port, reason }));
  }
  return new StationFailure(stationError('shared-mode.refused', { reason }));
}
