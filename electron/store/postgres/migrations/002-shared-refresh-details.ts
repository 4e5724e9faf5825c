import { sql, type Kysely } from 'kysely';

/**
 * Migration 002: what a desk's orders page shows of the shop's last refresh, whichever desk made
 * it — how it fetched (changed since the watermark, or full), how many orders the gateway listed,
 * in how many pages, for how many points — as one desk's own cache state does.
 */
export const migration002SharedRefreshDetails = {
  name: '002-shared-refresh-details',
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`
      ALTER TABLE shared_order_refreshes
        ADD COLUMN last_mode text CHECK (last_mode IN ('changed', 'full')),
        ADD COLUMN last_total integer,
        ADD COLUMN last_pages integer,
        ADD COLUMN last_points double precision,
        ADD COLUMN last_refresh_desk_id text REFERENCES desks (desk_id)
    `.execute(db);
  },
} as const;
