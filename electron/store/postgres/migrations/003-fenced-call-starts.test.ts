import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(async () => {
  pool = rig.desks.pool;
});

const join = async (desk: string, boot: string, staleMs = 10_000) => (await pool.query<{ joined: boolean }>('SELECT acct.join_desk($1, $2, $1, $3) AS joined', [desk, boot, staleMs])).rows[0]?.joined;
const reserve = async (desk: string, boot: string, orders: string[] = [], job = 'job-1') =>
  (
    await pool.query<{ start_ms: number | null; server_ms: number; refused: string[] }>(`SELECT * FROM acct.reserve_call_start($1, $2, 0, 30000, 'g', 's', $3, $4)`, [desk, boot, job, orders])
  ).rows[0] as { start_ms: number | null; server_ms: number; refused: string[] };

describe('migration 003: the paid call fenced by the claims, the limit held by the server', () => {
  it('lets one live process hold a desk id: a second is refused while the first is seen, and takes it once the first went quiet', async () => {
    expect(await join('desk-1', 'boot-a')).toBe(true);
    expect(await join('desk-1', 'boot-a')).toBe(true);
    expect(await join('desk-1', 'boot-b')).toBe(false);
    await pool.query(`UPDATE acct.desks SET last_seen_at = now() - interval '11 seconds'`);
    expect(await join('desk-1', 'boot-b')).toBe(true);
    await expect(reserve('desk-1', 'boot-a')).rejects.toMatchObject({ code: 'WB001' });
  });

  it('keeps the account’s rule in one row of the schema (10 calls per 1000 ms, 50 ms margin) and gives starts that never put 11 in one window', async () => {
    expect((await pool.query('SELECT calls_per_window, window_ms, margin_ms FROM acct.call_limit')).rows).toEqual([{ calls_per_window: 10, window_ms: 1000, margin_ms: 50 }]);
    await expect(pool.query('INSERT INTO acct.call_limit DEFAULT VALUES')).rejects.toMatchObject({ code: '23505' });
    await join('desk-1', 'boot-a');
    const starts: number[] = [];
    for (let call = 0; call < 25; call += 1) starts.push(Number((await reserve('desk-1', 'boot-a')).start_ms));
    for (let index = 1; index < starts.length; index += 1) expect(starts[index]).toBeGreaterThanOrEqual(starts[index - 1] as number);
    for (let index = 10; index < starts.length; index += 1) expect((starts[index] as number) - (starts[index - 10] as number)).toBeGreaterThanOrEqual(1050 - 0.01);
  });

  it('fences an issue call: its start only while every order is claimed by this process and job, else the orders refused and nothing reserved', async () => {
    await join('desk-1', 'boot-a');
    await pool.query(
      `INSERT INTO acct.order_claims (gateway_base_url, shop_id, order_number, desk_id, boot_id, job_id, state, lease_until)
       VALUES ('g', 's', 'T1', 'desk-1', 'boot-a', 'job-1', 'claimed', now() + interval '1 second'),
              ('g', 's', 'T2', 'desk-1', 'boot-old', 'job-1', 'claimed', now() + interval '1 second')`,
    );
    expect(await reserve('desk-1', 'boot-a', ['T1', 'T2', 'T3'])).toMatchObject({ start_ms: null, refused: ['T2', 'T3'] });
    expect(await reserve('desk-1', 'boot-a', ['T1'], 'job-2')).toMatchObject({ start_ms: null, refused: ['T1'] });
    expect((await pool.query<{ kept: number }>('SELECT cardinality(recent_starts) AS kept FROM acct.call_limit')).rows[0]?.kept).toBe(0);
    const granted = await reserve('desk-1', 'boot-a', ['T1']);
    expect(granted.refused).toEqual([]);
    const lease = await pool.query<{ ms: number }>(`SELECT extract(epoch FROM lease_until) * 1000 AS ms FROM acct.order_claims WHERE order_number = 'T1'`);
    expect(Number(lease.rows[0]?.ms)).toBeGreaterThanOrEqual(Number(granted.start_ms) + 30_000 - 1);
  });
});
