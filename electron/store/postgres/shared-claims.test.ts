import { setTimeout as delay } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSharedClaims, type ClaimOutcome, type SharedClaims } from './shared-claims';
import { TEST_SCHEMA } from './testing/shared-test-desks';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const orders = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `T${String(from + index).padStart(5, '0')}`);

let desk1: SharedClaims;
let desk2: SharedClaims;
beforeEach(async () => {
  desk1 = createSharedClaims(await rig.desks.join('desk-1', 'Desk 1'));
  desk2 = createSharedClaims(await rig.desks.join('desk-2', 'Desk 2'));
});

const kinds = (outcomes: ClaimOutcome[]) => outcomes.map((outcome) => outcome.kind);

describe('shared claims of orders (real PostgreSQL, one pool per desk)', () => {
  it('gives each order to exactly one desk when two desks claim overlapping orders at once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const base = round * 1000;
      // Desk 1 asks in ascending order, desk 2 in descending: overlapping 300 of 500 each.
      const asked1 = orders(base, base + 500);
      const asked2 = orders(base + 200, base + 700).reverse();
      const [outcomes1, outcomes2] = await Promise.all([desk1.claim(gateway, `job-1-${round}`, asked1, 30_000), desk2.claim(gateway, `job-2-${round}`, asked2, 30_000)]);
      expect(outcomes1.map((outcome) => outcome.orderNumber)).toEqual(asked1);
      expect(outcomes2.map((outcome) => outcome.orderNumber)).toEqual(asked2);
      const winners = new Map<string, string[]>();
      for (const [desk, outcomes] of [['desk-1', outcomes1], ['desk-2', outcomes2]] as const) {
        for (const outcome of outcomes) {
          if (outcome.kind === 'claimed') winners.set(outcome.orderNumber, [...(winners.get(outcome.orderNumber) ?? []), desk]);
          else expect(outcome).toMatchObject({ kind: 'held-elsewhere', holder: { deskId: desk === 'desk-1' ? 'desk-2' : 'desk-1' } });
        }
      }
      expect(winners.size).toBe(700);
      expect([...winners.values()].every((winner) => winner.length === 1)).toBe(true);
      // The table agrees: one row per order, held by the desk that was told it claimed it.
      const { rows } = await rig.desks.pool.query<{ order_number: string; desk_id: string }>(`SELECT order_number, desk_id FROM ${TEST_SCHEMA}.order_claims WHERE order_number >= $1 AND order_number < $2`, [
        `T${String(base).padStart(5, '0')}`,
        `T${String(base + 1000).padStart(5, '0')}`,
      ]);
      expect(rows).toHaveLength(700);
      for (const row of rows) expect(winners.get(row.order_number)).toEqual([row.desk_id]);
    }
  });

  it('answers a lapsed claim as needing a lookup, never takes it without one, and takes it only while it is still the lapsed one', async () => {
    await desk1.claim(gateway, 'job-1', ['T1', 'T2', 'T3'], 150);
    expect(kinds(await desk2.claim(gateway, 'job-2', ['T1', 'T2', 'T3', 'T4'], 30_000))).toEqual(['held-elsewhere', 'held-elsewhere', 'held-elsewhere', 'claimed']);
    await delay(250);
    const lapsed = await desk2.claim(gateway, 'job-2', ['T1', 'T2', 'T3'], 30_000);
    expect(lapsed).toEqual(['T1', 'T2', 'T3'].map((orderNumber) => ({ orderNumber, kind: 'lapsed', holder: { deskId: 'desk-1', deskName: 'Desk 1', jobId: 'job-1' }, leaseUntil: expect.any(Number) as number })));
    // Asking again does not take them either; the orders table shows them as lapsed at desk 1.
    expect(kinds(await desk2.claim(gateway, 'job-2', ['T1', 'T2', 'T3'], 30_000))).toEqual(['lapsed', 'lapsed', 'lapsed']);
    expect((await desk2.heldBy(gateway, ['T1'])).get('T1')).toMatchObject({ state: 'lapsed', holder: { deskName: 'Desk 1' }, waybillCode: null });

    const [t1, t2, t3] = lapsed.map((outcome) => outcome as Extract<ClaimOutcome, { kind: 'lapsed' }>) as [Extract<ClaimOutcome, { kind: 'lapsed' }>, Extract<ClaimOutcome, { kind: 'lapsed' }>, Extract<ClaimOutcome, { kind: 'lapsed' }>];
    // The gateway said T1 was not issued: desk 2 takes it.
    expect(await desk2.takeLapsed(gateway, 'job-2', { lapsed: t1, waybillCode: null }, 30_000)).toEqual({ orderNumber: 'T1', kind: 'claimed' });
    // The gateway found a waybill for T2: it is issued by desk 1, with that waybill, for every desk.
    expect(await desk2.takeLapsed(gateway, 'job-2', { lapsed: t2, waybillCode: 'YT2' }, 30_000)).toMatchObject({ kind: 'issued', holder: { deskId: 'desk-1' }, waybillCode: 'YT2' });
    // Desk 1 came back and renewed before desk 2's lookup answer arrived: T3 is not taken.
    expect(await desk1.renew(gateway, 'job-1', 30_000)).toEqual(['T3']);
    expect(await desk2.takeLapsed(gateway, 'job-2', { lapsed: t3, waybillCode: null }, 30_000)).toMatchObject({ orderNumber: 'T3', kind: 'held-elsewhere', holder: { deskId: 'desk-1' } });
    // A lookup of the same lapse, late, after the order was taken: refused as well.
    expect(await desk1.takeLapsed(gateway, 'job-1', { lapsed: t1, waybillCode: null }, 30_000)).toMatchObject({ kind: 'held-elsewhere', holder: { deskId: 'desk-2' } });
    const held = await desk1.heldBy(gateway, ['T1', 'T2', 'T3', 'T4', 'T9']);
    expect(Object.fromEntries([...held].map(([order, view]) => [order, [view.holder.deskId, view.state, view.waybillCode]]))).toEqual({
      T1: ['desk-2', 'claimed', null],
      T2: ['desk-1', 'issued', 'YT2'],
      T3: ['desk-1', 'claimed', null],
      T4: ['desk-2', 'claimed', null],
    });
  });

  it('keeps a renewed claim past its first lease, and lets the desk re-plan its own orders in a new job', async () => {
    await desk1.claim(gateway, 'job-1', ['T1', 'T2'], 200);
    for (let beat = 0; beat < 4; beat += 1) {
      await delay(100);
      expect(await desk1.renew(gateway, 'job-1', 200)).toEqual(['T1', 'T2']);
    }
    expect(kinds(await desk2.claim(gateway, 'job-2', ['T1', 'T2'], 30_000))).toEqual(['held-elsewhere', 'held-elsewhere']);
    // Its own claims move to the desk's new job (its own journal knows what happened to them).
    expect(kinds(await desk1.claim(gateway, 'job-3', ['T2'], 30_000))).toEqual(['claimed']);
    expect(await desk1.renew(gateway, 'job-1', 30_000)).toEqual(['T1']);
    expect((await desk2.heldBy(gateway, ['T2'])).get('T2')?.holder.jobId).toBe('job-3');
  });

  it('keeps an issued order issued with its waybill; release frees only unissued claims', async () => {
    await desk1.claim(gateway, 'job-1', ['T1', 'T2', 'T3'], 30_000);
    expect(await desk1.markIssued(gateway, 'job-1', [{ orderNumber: 'T1', waybillCode: 'YT1' }])).toEqual({ conflicts: [] });
    // Recording it again (a resend after the server came back) changes nothing.
    expect(await desk1.markIssued(gateway, 'job-1', [{ orderNumber: 'T1', waybillCode: 'YT1' }])).toEqual({ conflicts: [] });
    expect(await desk1.release(gateway, 'job-1', ['T1', 'T2'])).toEqual(['T2']);
    const outcomes = await desk2.claim(gateway, 'job-2', ['T1', 'T2', 'T3'], 30_000);
    expect(outcomes).toEqual([
      { orderNumber: 'T1', kind: 'issued', holder: { deskId: 'desk-1', deskName: 'Desk 1', jobId: 'job-1' }, waybillCode: 'YT1' },
      { orderNumber: 'T2', kind: 'claimed' },
      { orderNumber: 'T3', kind: 'held-elsewhere', holder: { deskId: 'desk-1', deskName: 'Desk 1', jobId: 'job-1' }, leaseUntil: expect.any(Number) as number },
    ]);
    expect((await desk2.heldBy(gateway, ['T1'])).get('T1')).toMatchObject({ state: 'issued', waybillCode: 'YT1', holder: { deskName: 'Desk 1' } });
    // A waybill issued while the server was away (no claim row) is recorded when it is back; an order
    // already issued elsewhere with another waybill is left as recorded and answered as a conflict.
    const late = await desk2.markIssued(gateway, 'job-2', [
      { orderNumber: 'T7', waybillCode: 'YT7' },
      { orderNumber: 'T1', waybillCode: 'YT-OTHER' },
    ]);
    expect(late.conflicts).toEqual([{ orderNumber: 'T1', waybillCode: 'YT-OTHER', recordedWaybillCode: 'YT1', holder: { deskId: 'desk-1', deskName: 'Desk 1', jobId: 'job-1' } }]);
    expect((await desk1.heldBy(gateway, ['T7'])).get('T7')).toMatchObject({ state: 'issued', waybillCode: 'YT7', holder: { deskId: 'desk-2' } });
    // Another shop's order of the same number is another order.
    expect(kinds(await desk2.claim({ ...gateway, shopId: 'shop-2' }, 'job-2', ['T1'], 30_000))).toEqual(['claimed']);
  });
});
