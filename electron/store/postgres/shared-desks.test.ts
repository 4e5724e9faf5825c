import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createSharedDesks } from './shared-desks';
import { createSharedHistory } from './shared-history';
import { useSharedTestDesks } from './testing/use-shared-test-desks';

const rig = useSharedTestDesks();

const gateway = { baseUrl: 'https://gw.example', shopId: 'shop-1' };


describe('the Desks view: heartbeats, online, current job, labels today (real PostgreSQL)', () => {
  it('shows each desk online while it heartbeats, its current job, and its labels of this China day', async () => {
    const onlineWindowMs = 400;
    const access1 = await rig.desks.join('desk-1', 'Desk 1');
    const desk1 = createSharedDesks(access1, { onlineWindowMs });
    const desk2 = createSharedDesks(await rig.desks.join('desk-2', 'Desk 2'), { onlineWindowMs });
    await desk1.heartbeat('Packing 1', 'job-7');
    await desk2.heartbeat('Desk 2', null);
    const now = Date.now();
    const label = (code: string, issuedAt: number) => ({ waybillCode: code, parentWaybillCode: null, orderNumbers: [code], carrierCode: 'YTO', branchCode: null, issuedAt, printDataText: null });
    // Two labels today, one 30 hours ago (another China day).
    await createSharedHistory(access1).recordWaybills(gateway, 'job-7', [label('YT1', now - 1000), label('YT2', now), label('YT0', now - 30 * 3_600_000)]);

    const listed = await desk2.list();
    expect(listed.map(({ deskId, name, online, currentJobId, labelsToday }) => ({ deskId, name, online, currentJobId, labelsToday }))).toEqual([
      { deskId: 'desk-2', name: 'Desk 2', online: true, currentJobId: null, labelsToday: 0 },
      { deskId: 'desk-1', name: 'Packing 1', online: true, currentJobId: 'job-7', labelsToday: 2 },
    ]);
    expect(Math.abs((listed[1]?.lastSeenAt ?? 0) - Date.now())).toBeLessThan(5000);

    // Desk 1 stops heartbeating: offline once the window passed (by the server's clock); desk 2 goes on.
    for (let beat = 0; beat < 4; beat += 1) {
      await delay(150);
      await desk2.heartbeat('Desk 2', 'job-8');
    }
    expect((await desk1.list()).map(({ deskId, online, currentJobId }) => ({ deskId, online, currentJobId }))).toEqual([
      { deskId: 'desk-2', online: true, currentJobId: 'job-8' },
      { deskId: 'desk-1', online: false, currentJobId: 'job-7' },
    ]);
  });
});
