import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(async () => {
  pool = rig.desks.pool;
  await pool.query(`SELECT acct.join_desk('desk-1', 'boot-a', 'Desk 1', 10000)`);
});

const reserve = async () => Number((await pool.query<{ start_ms: number }>(`SELECT start_ms FROM acct.reserve_call_start('desk-1', 'boot-a', 0, 30000, 'g', 's', '', '{}')`)).rows[0]?.start_ms);
const release = async (startMs: number, boot = 'boot-a') => (await pool.query<{ released: boolean }>(`SELECT acct.release_call_start('desk-1', $1, $2) AS released`, [boot, startMs])).rows[0]?.released;
const kept = async () => (await pool.query<{ ms: number[] }>(`SELECT ARRAY(SELECT extract(epoch FROM s)::double precision * 1000 FROM unnest(recent_starts) AS s) AS ms FROM acct.call_limit`)).rows[0]?.ms.map(Number) ?? [];

/** Whether some window shorter than the limit's length plus margin holds more than 10 of these starts (to a hundredth of a millisecond: they are doubles). */
const overfull = (starts: number[]) => starts.some((start) => starts.filter((other) => other > start - 1050 + 0.01 && other <= start).length > 10);

describe('migration 006: a start nothing was sent on is given back', () => {
  it('takes exactly that start out, so the next call has its slot in the same window; only for the desk’s own process', async () => {
    const used: number[] = [];
    for (let call = 0; call < 10; call += 1) used.push(await reserve());
    const last = used.pop() as number;
    await expect(release(last, 'boot-b')).rejects.toMatchObject({ code: 'WB001' });
    expect(await release(last)).toBe(true);
    expect(await release(last)).toBe(false);
    // Nine used: the next start is in the same window, not a window after the first.
    const given = await reserve();
    expect(given - (used[0] as number)).toBeLessThan(500);
    used.push(given);
    // Ten used again: the window is full.
    const next = await reserve();
    expect(next - (used[0] as number)).toBeGreaterThanOrEqual(1050 - 0.01);
    used.push(next);
    expect(overfull(used)).toBe(false);
    expect(await kept()).toEqual(used);
  });

  it('keeps every start later than a window plus margin ago, however many: none that could bound a new start is forgotten', async () => {
    const used: number[] = [];
    for (let call = 0; call < 25; call += 1) used.push(await reserve());
    // Starts given back from the middle, then more taken: never 11 in one window.
    for (const index of [12, 15, 21]) expect(await release(used[index] as number)).toBe(true);
    const remaining = used.filter((_, index) => ![12, 15, 21].includes(index));
    for (let call = 0; call < 5; call += 1) remaining.push(await reserve());
    remaining.sort((a, b) => a - b);
    expect(overfull(remaining)).toBe(false);
    // All of them later than a window plus margin ago: all kept, not only ten.
    expect(await kept()).toEqual(remaining);

    // Starts older than a window plus margin go with the next reservation.
    await pool.query(`UPDATE acct.call_limit SET recent_starts = ARRAY[clock_timestamp() - interval '3 s', clock_timestamp() - interval '1.2 s', clock_timestamp() - interval '0.5 s']`);
    const recent = (await kept())[2];
    const fresh = await reserve();
    expect(await kept()).toEqual([recent, fresh]);
  });
});
