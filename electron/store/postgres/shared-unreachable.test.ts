import { describe, expect, it } from 'vitest';
import { StationFailure } from '../../ipc/to-station-error';
import { createSharedClaims } from './shared-claims';
import { createSharedDesks } from './shared-desks';
import { createSharedHistory } from './shared-history';
import { createSharedOrders } from './shared-orders';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };


describe('a lost shared server (real PostgreSQL stopped)', () => {
  it('makes every call of claims, history, orders and desks fail with shared-mode.unreachable, never a silent success, and work again once it is back', async () => {
    const access = await rig.desks.join('desk-1', 'Desk 1');
    const claims = createSharedClaims(access);
    const history = createSharedHistory(access);
    const orders = createSharedOrders(access);
    const deskList = createSharedDesks(access);
    await claims.claim(gateway, 'job-1', ['T1'], 30_000);
    const lapsed = { orderNumber: 'T1', kind: 'lapsed', holder: { deskId: 'desk-2', deskName: 'Desk 2', jobId: 'job-2' }, leaseUntil: 0 } as const;
    const record = { waybillCode: 'YT1', parentWaybillCode: null, orderNumbers: ['T1'], carrierCode: 'YTO', branchCode: null, issuedAt: Date.now(), printDataText: null };
    const calls: Record<string, () => Promise<unknown>> = {
      'claims.claim': () => claims.claim(gateway, 'job-1', ['T2'], 30_000),
      'claims.takeLapsed': () => claims.takeLapsed(gateway, 'job-1', { lapsed, waybillCode: null }, 30_000),
      'claims.renew': () => claims.renew(gateway, 'job-1', 30_000),
      'claims.markIssued': () => claims.markIssued(gateway, 'job-1', [{ orderNumber: 'T1', waybillCode: 'YT1' }]),
      'claims.release': () => claims.release(gateway, 'job-1', ['T1']),
      'claims.heldBy': () => claims.heldBy(gateway, ['T1']),
      'history.recordWaybills': () => history.recordWaybills(gateway, 'job-1', [record]),
      'history.search': () => history.search({}),
      'history.recordPrints': () => history.recordPrints([{ printId: 'p-1', gateway, waybillCode: 'YT1', printedAt: Date.now() }]),
      'history.printData': () => history.printData(gateway.baseUrl, 'YT1'),
      'history.setVoid': () => history.setVoid(gateway, ['YT1'], Date.now(), ''),
      'history.purgePrintData': () => history.purgePrintData(Date.now()),
      'orders.beginRefresh': () => orders.beginRefresh(gateway, 30_000),
      'orders.writePage': () => orders.writePage(gateway, [], 30_000),
      'orders.finishRefresh': () => orders.finishRefresh(gateway, { watermark: 0, mode: 'changed', at: 0, total: null, pages: 0, points: 0, removeUnseenBefore: null }),
      'orders.abandonRefresh': () => orders.abandonRefresh(gateway),
      'orders.state': () => orders.state(gateway),
      'orders.read': () => orders.read(gateway),
      'rig.desks.heartbeat': () => deskList.heartbeat('Desk 1', 'job-1'),
      'rig.desks.list': () => deskList.list(),
    };
    rig.server.stop();
    try {
      for (const [name, call] of Object.entries(calls)) {
        const outcome = await call().then(
          () => 'answered',
          (error: unknown) => error,
        );
        expect(outcome, name).toBeInstanceOf(StationFailure);
        expect((outcome as StationFailure).error, name).toMatchObject({ code: 'shared-mode.unreachable', params: { host: '127.0.0.1', port: rig.desks.connection.port }, retryable: true });
      }
    } finally {
      rig.server.start();
    }
    // Back up: nothing was changed meanwhile, and the calls work again.
    expect([...(await claims.heldBy(gateway, ['T1', 'T2'])).keys()]).toEqual(['T1']);
    expect(await history.recordWaybills(gateway, 'job-1', [record])).toBe(1);
    expect(await claims.markIssued(gateway, 'job-1', [{ orderNumber: 'T1', waybillCode: 'YT1' }])).toEqual({ conflicts: [] });
  });
});
