import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(async () => {
  pool = rig.desks.pool;
  await pool.query(`INSERT INTO acct.desks (desk_id, name) VALUES ('desk-1', 'Desk 1')`);
});

const refresh = (mode: string, desk = 'desk-1') =>
  pool.query(`INSERT INTO acct.shared_order_refreshes (gateway_base_url, shop_id, last_mode, last_total, last_pages, last_points, last_refresh_desk_id) VALUES ('g', $1, $2, 10, 1, 1.5, $3)`, [
    `shop-${mode}-${desk}`,
    mode,
    desk,
  ]);

describe('migration 002: the shared refresh details', () => {
  it('keeps how the last refresh fetched, its counts and its desk; only known modes and joined desks', async () => {
    await refresh('full');
    await refresh('changed');
    expect((await pool.query('SELECT last_mode, last_total, last_pages, last_points FROM acct.shared_order_refreshes ORDER BY last_mode')).rows).toEqual([
      { last_mode: 'changed', last_total: 10, last_pages: 1, last_points: 1.5 },
      { last_mode: 'full', last_total: 10, last_pages: 1, last_points: 1.5 },
    ]);
    await expect(refresh('partial')).rejects.toMatchObject({ code: '23514' });
    await expect(refresh('full', 'desk-9')).rejects.toMatchObject({ code: '23503' });
  });
});
