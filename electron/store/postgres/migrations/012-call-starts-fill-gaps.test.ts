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

/**
 * A start for a desk whose answers take `travelMs` to come back; answers it, the server's clock
 * as the function ended (epoch ms), and the round trip (which bounds how long the function ran).
 */
const reserve = async (travelMs = 0) => {
  const asked = performance.now();
  const row = (await pool.query<{ start_ms: number; server_ms: number }>(`SELECT start_ms, server_ms FROM acct.reserve_call_start('desk-1', 'boot-a', $1, 30000, 'g', 's', '', '{}')`, [travelMs])).rows[0];
  return { start: Number(row?.start_ms), server: Number(row?.server_ms), roundTripMs: performance.now() - asked };
};
const release = async (startMs: number) => (await pool.query<{ released: boolean }>(`SELECT acct.release_call_start('desk-1', 'boot-a', $1) AS released`, [startMs])).rows[0]?.released;

/** Whether some window shorter than the limit's length plus margin holds more than 10 of these starts (to a hundredth of a millisecond: they are doubles). */
const overfull = (starts: number[]) => starts.some((start) => starts.filter((other) => other > start - 1050 + 0.01 && other <= start).length > 10);

describe('migration 012: a start goes to the earliest moment the window has room for it', () => {
  it('does not put a near desk behind a start reserved far ahead for a desk whose answers come back late', async () => {
    const far = await reserve(900);
    // Reckoned from the server's clock when the function began (at most a round trip before it ended).
    expect(far.start - far.server).toBeGreaterThanOrEqual(900 - far.roundTripMs);
    const near = await reserve(0);
    // Before the far start, not after it (the rule until migration 011 put it after).
    expect(near.start).toBeLessThan(far.start);
    expect(near.start - near.server).toBeLessThan(50);
  });

  it('gives a start given back to the next call even when later starts were reserved since', async () => {
    const starts: number[] = [];
    for (let call = 0; call < 10; call += 1) starts.push((await reserve()).start);
    // The next window's first starts are reserved.
    const later = [(await reserve()).start, (await reserve()).start];
    expect((later[0] as number) - (starts[0] as number)).toBeGreaterThanOrEqual(1050 - 0.01);
    // A start of the first window goes unused and is given back: the next ask has it, within the first window.
    expect(await release(starts[9] as number)).toBe(true);
    const refilled = (await reserve()).start;
    expect(refilled).toBeLessThan(later[0] as number);
    expect(overfull([...starts.slice(0, 9), refilled, ...later])).toBe(false);
  });

  it('never puts more than the limit in one window, whatever the desks’ ways back and the starts given back', async () => {
    // A reproducible mix: asks with ways back from 0 to 1.2 s, one in four starts given back at once.
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const used: number[] = [];
    for (let ask = 0; ask < 120; ask += 1) {
      const { start } = await reserve(Math.floor(random() * 1200));
      if (random() < 0.25) expect(await release(start)).toBe(true);
      else used.push(start);
    }
    expect(overfull(used)).toBe(false);
    // The window was used, not merely kept: the starts lie within as many windows as they fill, and the longest way back.
    expect(Math.max(...used) - Math.min(...used)).toBeLessThan(Math.ceil(used.length / 10) * 1050 + 1200);
  });
});
