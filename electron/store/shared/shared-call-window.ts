import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { callWindowDefaults, type CallSlot, type CallWindow } from '../../gateway/call-window';
import { createStallGauge, type StallGauge } from '../../gateway/event-loop-stalls';
import type { SharedConnectionSettings } from './open-shared-database';
import { sharedDatabaseFailure } from './shared-database-failure';
import { quoteIdentifier } from './shared-migrations';

/** Settings of the account's window in the shared database. */
export interface SharedCallWindowOptions {
  /** The account's schema (migrated). */
  schema: string;
  /** This desk's id: each grant records which desk took it. */
  deskId: string;
  /** Where the database is, for the error the desk shows when it cannot be reached. */
  connection: Pick<SharedConnectionSettings, 'host' | 'port' | 'database' | 'user'>;
  /** Calls allowed in any sliding window (the gateway's 10 per second). */
  limit?: number;
  /** The gateway's window in milliseconds (1000). */
  windowMs?: number;
  /** Added to the window against jitter between grant and the gateway's arrival stamp. */
  marginMs?: number;
  /** Where this desk's event-loop stalls are measured; default: a gauge of its own. */
  stalls?: StallGauge;
}

/**
 * The account's window held in PostgreSQL, for several desks: the same sliding-window rule as
 * one desk's (never more than `limit` grants in any `windowMs + marginMs`), judged by the
 * server's clock, atomic across desks (`take_call_slot`, one round trip under an advisory lock).
 * A take that must wait sleeps as long as the server says and asks again. When the server
 * cannot be reached it rejects with `shared-mode.unreachable`: no slot is ever granted without
 * the server.
 *
 * As in one desk's window, a stall of this desk's event loop between asking and the gateway's
 * answer means its request went out late, bunched with grants taken after it at other desks: the
 * desk then moves its grant later by the stall, so every desk's later takes count from when the
 * call really left (the answer comes well within the window, long before such a take).
 */
export function createSharedCallWindow(pool: pg.Pool, options: SharedCallWindowOptions): CallWindow {
  const { limit, windowMs } = { ...callWindowDefaults, ...options };
  let enforcedWindowMs = windowMs + (options.marginMs ?? callWindowDefaults.marginMs);
  const stalls = options.stalls ?? createStallGauge();
  const schema = quoteIdentifier(options.schema);
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const moveSql = `UPDATE ${schema}.call_grants SET granted_at = granted_at + $3 * interval '1 millisecond' WHERE desk_id = $1 AND granted_at = $2::timestamptz`;

  /**
   * One round trip: the take, then (a statement of its own, so it sees the take's row) this
   * desk's latest grant — its own, as a desk takes one slot at a time. The stamp stays text:
   * the server keeps microseconds, a Date would not.
   */
  const ask = async (): Promise<{ waitMs: number; grantedAt: string | null }> => {
    const desk = literal(options.deskId);
    const sql = `SELECT ${schema}.take_call_slot(${desk}, ${Number(limit)}, ${Number(enforcedWindowMs)}) AS wait_ms; SELECT max(granted_at)::text AS granted_at FROM ${schema}.call_grants WHERE desk_id = ${desk}`;
    try {
      const [take, latest] = (await pool.query(sql)) as unknown as [pg.QueryResult<{ wait_ms: number }>, pg.QueryResult<{ granted_at: string | null }>];
      return { waitMs: Number(take.rows[0]?.wait_ms ?? 0), grantedAt: latest.rows[0]?.granted_at ?? null };
    } catch (error) {
      throw sharedDatabaseFailure(error, options.connection);
    }
  };

  const slot = (askedAt: number, grantedAt: string | null): CallSlot => {
    let answered = false;
    return {
      answered: () => {
        if (answered) return;
        answered = true;
        const stalledMs = stalls.stalledMsBetween(askedAt);
        if (stalledMs <= 0 || grantedAt === null) return;
        // Best effort: with the server gone no desk is granted anything anyway.
        pool.query(moveSql, [options.deskId, grantedAt, stalledMs]).catch(() => undefined);
      },
    };
  };

  return {
    setMarginMs(marginMs) {
      enforcedWindowMs = windowMs + marginMs;
    },
    async take(signal) {
      for (;;) {
        signal?.throwIfAborted();
        const askedAt = performance.now();
        stalls.watch(enforcedWindowMs);
        const { waitMs, grantedAt } = await ask();
        if (waitMs <= 0) return slot(askedAt, grantedAt);
        // Node's timer rejects with its own AbortError: the caller is told the signal's reason.
        await delay(Math.ceil(waitMs), undefined, { signal }).catch((error: unknown) => {
          throw signal?.aborted ? signal.reason : error;
        });
      }
    },
  };
}
