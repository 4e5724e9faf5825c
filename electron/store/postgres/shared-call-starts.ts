import type { CallFence } from '../../../shared/domain/call-fence';
import { stationError } from '../../../shared/errors/station-error';
import { StationFailure } from '../../ipc/to-station-error';
import type { SharedDeskAccess } from './shared-access';
import { sharedDatabaseFailure } from './shared-database-failure';
import { quoteIdentifier } from './shared-migrations';

/** What one reservation asks for: the call's fence (none for a read) and how long the answer takes to come back. */
export interface CallStartRequest {
  fence: CallFence | undefined;
  /** The answer's way back to this desk (ms): the server gives no start sooner than it can arrive. */
  travelMs: number;
  /** A fenced call's longest life (ms): its orders' leases are stretched to its start plus this. */
  callLifeMs: number;
}

/** What the server answered: the start (or, for a fence that failed, the orders refused) and its clock, both epoch ms. */
export type CallStartAnswer = { startMs: number; serverMs: number } | { refused: string[]; serverMs: number };

/**
 * Reserves one call's start time in the account's window (`reserve_call_start`, migration 003:
 * one statement, the fence and the reservation together). A process that no longer holds its
 * desk id is refused with `shared-mode.desk-id-in-use`; a lost server with `shared-mode.unreachable`.
 */
export async function reserveCallStart(access: SharedDeskAccess, request: CallStartRequest): Promise<CallStartAnswer> {
  const { fence } = request;
  let row: { start_ms: number | null; server_ms: number; refused: string[] } | undefined;
  try {
    ({
      rows: [row],
    } = await access.pool.query<{ start_ms: number | null; server_ms: number; refused: string[] }>(
      `SELECT start_ms, server_ms, refused FROM ${quoteIdentifier(access.schema)}.reserve_call_start($1, $2, $3, $4, $5, $6, $7, $8)`,
      [access.deskId, access.bootId, request.travelMs, request.callLifeMs, fence?.gateway.baseUrl ?? '', fence?.gateway.shopId ?? '', fence?.jobId ?? '', [...(fence?.orderNumbers ?? [])]],
    ));
  } catch (error) {
    if ((error as { code?: string }).code === 'WB001') throw new StationFailure(stationError('shared-mode.desk-id-in-use', { deskId: access.deskId }));
    throw sharedDatabaseFailure(error, access.connection);
  }
  if (row === undefined) throw sharedDatabaseFailure(new Error('reserve_call_start answered nothing'), access.connection);
  if (row.start_ms === null || row.refused.length > 0) return { refused: row.refused, serverMs: row.server_ms };
  return { startMs: row.start_ms, serverMs: row.server_ms };
}

/**
 * Gives back a start nothing was sent on (`release_call_start`, migration 006), so the account's
 * window can grant it again. Best effort: a start not given back only costs that slot, never a
 * violation, so a lost server is not an error here.
 */
export async function releaseCallStart(access: SharedDeskAccess, startMs: number): Promise<void> {
  await access.pool.query(`SELECT ${quoteIdentifier(access.schema)}.release_call_start($1, $2, $3)`, [access.deskId, access.bootId, startMs]).catch(() => undefined);
}
