import { setTimeout as delay } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../../shared/domain/sold-order';
import { listenToSharedChanges, type SharedEvent } from './shared-notifications';
import { createSharedOrders, type SharedOrders } from './shared-orders';
import { TEST_SCHEMA } from './testing/shared-test-desks';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };
const t0 = Date.UTC(2025, 5, 1, 2, 0, 0);
const order = (orderNumber: string, confirmedMinutes: number | null, receiverName = 'Zhang San'): SoldOrder => ({
  orderNumber,
  receiverName,
  receiverPhone: '138****0000',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  addressDetail: '文三路 1 号',
  goodsName: 'Tea',
  goodsSpec: '',
  goodsImageUrl: '',
  goodsCount: 1,
  payAmountFen: 1000,
  orderStatus: 1,
  isPreSale: false,
  lastShipAt: null,
  confirmedAt: confirmedMinutes === null ? null : t0 + confirmedMinutes * 60_000,
  remark: '',
  flag: null,
  flagName: null,
});

let deskA: SharedOrders;
let deskB: SharedOrders;
beforeEach(async () => {
  deskA = createSharedOrders(await rig.desks.join('desk-a', 'Desk A'));
  deskB = createSharedOrders(await rig.desks.join('desk-b', 'Desk B'));
});

describe('the shared sold-order cache: one refresh for all desks (real PostgreSQL)', () => {
  it('lets one desk refresh a shop while the other is told who refreshes, then reads the result when told it is done', async () => {
    const listener = listenToSharedChanges(rig.desks.connection, { schema: TEST_SCHEMA, deskName: 'Desk B' });
    const heard: SharedEvent[] = [];
    listener.subscribe((event) => heard.push(event));
    try {
      await expect.poll(() => listener.listening).toBe(true);
      // Both desks ask at once: exactly one gets the turn.
      const turns = await Promise.all([deskA.beginRefresh(gateway, 30_000), deskB.beginRefresh(gateway, 30_000)]);
      expect(turns.map((turn) => turn.kind).sort()).toEqual(['refresh', 'refreshing-elsewhere']);
      const [first, second] = turns[0].kind === 'refresh' ? [deskA, deskB] : [deskB, deskA];
      const [firstName, firstId] = first === deskA ? ['Desk A', 'desk-a'] : ['Desk B', 'desk-b'];
      expect(turns.find((turn) => turn.kind === 'refresh')).toEqual({
        kind: 'refresh',
        state: { watermark: null, lastRefreshAt: null, lastFullAt: null, lastMode: null, lastTotal: null, lastPages: null, lastPoints: null, lastDeskId: null },
        startedAt: expect.any(Number) as number,
      });
      expect(await second.beginRefresh(gateway, 30_000)).toMatchObject({ kind: 'refreshing-elsewhere', deskId: firstId, deskName: firstName, until: expect.any(Number) as number });

      await first.writePage(gateway, [order('T1', 1), order('T2', 3)], 30_000);
      await first.writePage(gateway, [order('T3', null), order('T4', 2)], 30_000);
      expect(await first.finishRefresh(gateway, { watermark: t0 + 9 * 60_000, mode: 'full', at: t0 + 10 * 60_000, total: 4, pages: 2, points: 2, removeUnseenBefore: t0 + 10 * 60_000 })).toBe(true);
      await expect.poll(() => heard.some((event) => event.type === 'orders-refreshed' && event.deskId === firstId), { timeout: 1000 }).toBe(true);

      expect((await second.read(gateway)).map((each) => each.orderNumber)).toEqual(['T2', 'T4', 'T1', 'T3']);
      expect((await second.read(gateway))[0]).toEqual(order('T2', 3));
      // The turn is free again; the next desk continues from the shared watermark.
      const next = await second.beginRefresh(gateway, 30_000);
      expect(next).toEqual({
        kind: 'refresh',
        state: { watermark: t0 + 9 * 60_000, lastRefreshAt: t0 + 10 * 60_000, lastFullAt: t0 + 10 * 60_000, lastMode: 'full', lastTotal: 4, lastPages: 2, lastPoints: 2, lastDeskId: firstId },
        startedAt: expect.any(Number) as number,
      });
      // Pages are stamped by the server after the turn began: a complete fetch drops what it did not write since then (the server's clock).
      const secondStart = next.kind === 'refresh' ? next.startedAt : Number.NaN;
      // A complete fetch that no longer lists T1 and T3 drops them; a changed copy replaces the old one.
      await second.writePage(gateway, [order('T2', 3, 'Li Si'), order('T4', 2)], 30_000);
      expect(await second.finishRefresh(gateway, { watermark: t0 + 19 * 60_000, mode: 'full', at: t0 + 20 * 60_000, total: 2, pages: 1, points: 1, removeUnseenBefore: secondStart })).toBe(true);
      expect((await first.read(gateway)).map((each) => [each.orderNumber, each.receiverName])).toEqual([
        ['T2', 'Li Si'],
        ['T4', 'Zhang San'],
      ]);
      expect(await first.read({ ...gateway, shopId: 'shop-2' })).toEqual([]);
      expect(await first.state({ ...gateway, shopId: 'shop-2' })).toBeUndefined();
    } finally {
      await listener.close();
    }
  });

  it('lets another desk refresh once a turn expired (a desk that died), and records nothing of the late one', async () => {
    expect((await deskA.beginRefresh(gateway, 150)).kind).toBe('refresh');
    expect((await deskB.beginRefresh(gateway, 30_000)).kind).toBe('refreshing-elsewhere');
    await delay(250);
    expect((await deskB.beginRefresh(gateway, 30_000)).kind).toBe('refresh');
    expect(await deskA.finishRefresh(gateway, { watermark: t0, mode: 'changed', at: t0, total: null, pages: 1, points: 1, removeUnseenBefore: null })).toBe(false);
    expect(await deskA.abandonRefresh(gateway)).toBe(false);
    expect((await deskA.beginRefresh(gateway, 30_000)).kind).toBe('refreshing-elsewhere');
    expect(await deskB.abandonRefresh(gateway)).toBe(true);
    expect(await deskA.beginRefresh(gateway, 30_000)).toMatchObject({ kind: 'refresh', state: { watermark: null } });
  });
});
