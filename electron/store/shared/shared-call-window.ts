import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { callWindowDefaults, type CallSlot, type CallWindow } from '../../gateway/call-window';
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
}

/** The slot of a shared grant: the server's clock stamped it; nothing to do when the gateway answers. */
const sharedSlot: CallSlot = { answered: () => undefined };

/**
 * The account's window held in PostgreSQL, for several desks: the same sliding-window rule as
 * one desk's (never more than `limit` grants in any `windowMs + marginMs`), judged by the
 * server's clock, atomic across desks (`take_call_slot`, one round trip under an advisory lock).
 * A take that must wait sleeps as long as the server says and asks again. When the server
 * cannot be reached it rejects with `shared-mode.unreachable`: no slot is ever granted without
 * the server.
 */
export function createSharedCallWindow(pool: pg.Pool, options: SharedCallWindowOptions): CallWindow {
  const { limit, windowMs } = { ...callWindowDefaults, ...options };
  let enforcedWindowMs = windowMs + (options.marginMs ?? callWindowDefaults.marginMs);
  const takeSql = `SELECT ${quoteIdentifier(options.schema)}.take_call_slot($1, $2, $3) AS wait_ms`;

  const ask = async (): Promise<number> => {
    try {
      const { rows } = await pool.query<{ wait_ms: number }>(takeSql, [options.deskId, limit, enforcedWindowMs]);
      return Number(rows[0]?.wait_ms ?? 0);
    } catch (error) {
      throw sharedDatabaseFailure(error, options.connection);
    }
  };

  return {
    setMarginMs(marginMs) {
      enforcedWindowMs = windowMs + marginMs;
    },
    async take(signal) {
      for (;;) {
        signal?.throwIfAborted();
        const waitMs = await ask();
        if (waitMs <= 0) return sharedSlot;
        // Node's timer rejects with its own AbortError: the caller is told the signal's reason.
        await delay(Math.ceil(waitMs), undefined, { signal }).catch((error: unknown) => {
          throw signal?.aborted ? signal.reason : error;
        });
      }
    },
  };
}
