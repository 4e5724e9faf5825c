import type { GatewayIdentity } from '../../../shared/domain/gateway-identity';
import type { SoldOrder } from '../../../shared/domain/sold-order';
import { epochMs, sharedStatements, type SharedDeskAccess } from './shared-access';
import { notifySharedChange } from './shared-notifications';

/** What the shared cache remembers of a shop's refreshes, whichever desk made them. */
export interface SharedOrderCacheState {
  /** Orders confirmed since this moment are fetched by the next `changed` refresh; null before the first refresh. */
  watermark: number | null;
  lastRefreshAt: number | null;
  lastFullAt: number | null;
  lastMode: 'changed' | 'full' | null;
  /** Orders the last complete fetch listed; null before it. */
  lastTotal: number | null;
  lastPages: number | null;
  lastPoints: number | null;
  /** The desk that made the last refresh; null before it. */
  lastDeskId: string | null;
}

/** A finished refresh, as the shop's state records it: its times are the server's (the turn's `startedAt`), never a desk's clock. */
export interface SharedOrderRefresh {
  watermark: number;
  mode: 'changed' | 'full';
  /** Epoch ms, the server's clock. */
  at: number;
  /** Orders the gateway listed in all (a complete fetch); null otherwise. */
  total: number | null;
  pages: number;
  points: number;
  /** A complete fetch: orders not written since this moment (epoch ms, the server's clock: pages are stamped by it) are gone from the gateway's list and are dropped. */
  removeUnseenBefore: number | null;
}

/** Whether this desk may refresh the shop now. */
export type RefreshTurn =
  /** It may: fetch, write the pages, then `finishRefresh` (or `abandonRefresh`); the shop's state to continue from, and when the turn began (epoch ms, the server's clock). */
  | { kind: 'refresh'; state: SharedOrderCacheState; startedAt: number }
  /** Another desk is refreshing the shop (its turn runs until then, server clock): wait for `orders-refreshed`, then read. */
  | { kind: 'refreshing-elsewhere'; deskId: string; deskName: string; until: number };

/** The account's sold-order cache, shared by the desks: one desk refreshes a shop, every desk reads it. */
export interface SharedOrders {
  /**
   * Asks for the shop's refresh turn: granted when no other desk holds an unexpired turn, for
   * `turnMs` from now (server clock; each page written extends it). Answers who refreshes otherwise.
   */
  beginRefresh(gateway: GatewayIdentity, turnMs: number): Promise<RefreshTurn>;
  /** Stores a page of fetched orders (replacing their earlier copies), stamped with the server's clock, and extends this desk's turn by `turnMs`. */
  writePage(gateway: GatewayIdentity, orders: readonly SoldOrder[], turnMs: number): Promise<void>;
  /**
   * Records the finished refresh (watermark and counts), ends this desk's turn, and tells the
   * desks to read (`orders-refreshed`). False, recording nothing, when the turn had expired and
   * another desk took it (the pages written stay: they are the gateway's orders all the same).
   */
  finishRefresh(gateway: GatewayIdentity, refresh: SharedOrderRefresh): Promise<boolean>;
  /** Ends this desk's turn without a result (the fetch failed); the desks are told, so one of them may try. False when the turn was no longer this desk's. */
  abandonRefresh(gateway: GatewayIdentity): Promise<boolean>;
  /** The shop's refresh state; undefined before any desk refreshed it. */
  state(gateway: GatewayIdentity): Promise<SharedOrderCacheState | undefined>;
  /** Every cached order of the shop, newest confirmation first (as a desk's own cache lists them). */
  read(gateway: GatewayIdentity): Promise<SoldOrder[]>;
}

interface StateRow {
  watermark: number | null;
  last_refresh_at: number | null;
  last_full_at: number | null;
  last_mode: 'changed' | 'full' | null;
  last_total: number | null;
  last_pages: number | null;
  last_points: number | null;
  last_refresh_desk_id: string | null;
}

const stateOf = (row: StateRow): SharedOrderCacheState => ({
  watermark: row.watermark,
  lastRefreshAt: row.last_refresh_at,
  lastFullAt: row.last_full_at,
  lastMode: row.last_mode,
  lastTotal: row.last_total,
  lastPages: row.last_pages,
  lastPoints: row.last_points,
  lastDeskId: row.last_refresh_desk_id,
});

/** Epoch ms (of the server's clock, as the turn answered it) as a timestamptz parameter. */
const fromMs = (parameter: string) => `to_timestamp(${parameter}::float8 / 1000.0)`;

/**
 * The shared sold-order cache on the account's schema (tables shared_sold_orders and
 * shared_order_refreshes). One refresh for all: a desk takes the shop's turn under the row's
 * lock, so at most one desk pays for the pages while its turn lasts; a desk that died leaves a
 * turn that simply expires.
 */
export function createSharedOrders(access: SharedDeskAccess): SharedOrders {
  const statements = sharedStatements(access);
  const orders = statements.table('shared_sold_orders');
  const refreshes = statements.table('shared_order_refreshes');
  const desks = statements.table('desks');
  const { deskId } = access;
  const stateColumns = `${epochMs('watermark')} AS watermark, ${epochMs('last_refresh_at')} AS last_refresh_at, ${epochMs('last_full_at')} AS last_full_at,
    last_mode, last_total, last_pages, last_points, last_refresh_desk_id`;
  const key = (gateway: GatewayIdentity) => [gateway.baseUrl, gateway.shopId];

  /** Ends this desk's turn with `change` to the shop's state; false (nothing changed) when the turn is no longer this desk's. */
  const endTurn = (gateway: GatewayIdentity, change: string, values: unknown[], removeUnseenBefore: number | null) =>
    statements.transaction(async (client) => {
      const ended = await client.query(
        `UPDATE ${refreshes} SET ${change}refreshing_desk_id = NULL, refresh_lease_until = NULL
         WHERE gateway_base_url = $1 AND shop_id = $2 AND refreshing_desk_id = $3`,
        [...key(gateway), deskId, ...values],
      );
      if (ended.rowCount !== 1) return false;
      if (removeUnseenBefore !== null) {
        await client.query(`DELETE FROM ${orders} WHERE gateway_base_url = $1 AND shop_id = $2 AND fetched_at < ${fromMs('$3')}`, [...key(gateway), removeUnseenBefore]);
      }
      await notifySharedChange(client, access.schema, { type: 'orders-refreshed', gateway, deskId });
      return true;
    });

  return {
    beginRefresh: (gateway, turnMs) =>
      statements.transaction(async (client) => {
        await client.query(`INSERT INTO ${refreshes} (gateway_base_url, shop_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, key(gateway));
        const { rows } = await client.query<StateRow & { refreshing_desk_id: string | null; refreshing_name: string | null; until: number | null; turn_open: boolean }>(
          `SELECT ${stateColumns}, r.refreshing_desk_id, d.name AS refreshing_name, ${epochMs('r.refresh_lease_until')} AS until,
             r.refreshing_desk_id IS NOT NULL AND r.refreshing_desk_id <> $3 AND r.refresh_lease_until > now() AS turn_open
           FROM ${refreshes} r LEFT JOIN ${desks} d ON d.desk_id = r.refreshing_desk_id
           WHERE r.gateway_base_url = $1 AND r.shop_id = $2 FOR UPDATE OF r`,
          [...key(gateway), deskId],
        );
        const row = rows[0] as (typeof rows)[number];
        if (row.turn_open) return { kind: 'refreshing-elsewhere', deskId: row.refreshing_desk_id ?? '', deskName: row.refreshing_name ?? '', until: Math.round(row.until ?? 0) };
        const started = await client.query<{ started_at: number }>(
          `UPDATE ${refreshes} SET refreshing_desk_id = $3, refresh_lease_until = now() + $4::float8 * interval '1 millisecond' WHERE gateway_base_url = $1 AND shop_id = $2
           RETURNING ${epochMs('now()')} AS started_at`,
          [...key(gateway), deskId, turnMs],
        );
        return { kind: 'refresh', state: stateOf(row), startedAt: Math.floor(started.rows[0]?.started_at ?? 0) };
      }),

    async writePage(gateway, page, turnMs) {
      await statements.transaction(async (client) => {
        // Stamped by the server (each page's transaction begins after the turn did): a complete fetch's
        // removeUnseenBefore, the turn's start, compares with them on one clock whatever the desk's says.
        await client.query(
          `INSERT INTO ${orders} (gateway_base_url, shop_id, order_number, order_json, fetched_at, first_seen_at)
           SELECT $1, $2, o ->> 'orderNumber', o, now(), now() FROM jsonb_array_elements($3::jsonb) AS o
           ON CONFLICT (gateway_base_url, shop_id, order_number) DO UPDATE SET order_json = excluded.order_json, fetched_at = excluded.fetched_at`,
          [...key(gateway), JSON.stringify(page)],
        );
        await client.query(
          `UPDATE ${refreshes} SET refresh_lease_until = now() + $4::float8 * interval '1 millisecond' WHERE gateway_base_url = $1 AND shop_id = $2 AND refreshing_desk_id = $3`,
          [...key(gateway), deskId, turnMs],
        );
      });
    },

    finishRefresh: (gateway, refresh) =>
      endTurn(
        gateway,
        `watermark = ${fromMs('$4')}, last_refresh_at = ${fromMs('$5')}, last_mode = $6, last_pages = $7, last_points = $8, last_refresh_desk_id = $3,
         last_total = COALESCE($9, last_total), last_full_at = CASE WHEN $6 = 'full' THEN ${fromMs('$5')} ELSE last_full_at END, `,
        [refresh.watermark, refresh.at, refresh.mode, refresh.pages, refresh.points, refresh.total],
        refresh.removeUnseenBefore,
      ),

    abandonRefresh: (gateway) => endTurn(gateway, '', [], null),

    async state(gateway) {
      const rows = await statements.query<StateRow>(`SELECT ${stateColumns} FROM ${refreshes} WHERE gateway_base_url = $1 AND shop_id = $2`, key(gateway));
      return rows[0] && stateOf(rows[0]);
    },

    async read(gateway) {
      const rows = await statements.query<{ order_json: SoldOrder }>(
        `SELECT order_json FROM ${orders} WHERE gateway_base_url = $1 AND shop_id = $2
         ORDER BY (order_json ->> 'confirmedAt')::float8 DESC NULLS LAST, order_number`,
        key(gateway),
      );
      return rows.map((row) => row.order_json);
    },
  };
}
