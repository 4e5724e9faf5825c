import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskListing } from '../../shared/domain/desks';
import type { OrderListing } from '../../shared/domain/order-row';
import type { Station } from '../composition/station';
import { openTestStation, sandboxDeskPatch } from '../composition/testing/sandbox-desk';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { stationData } from '../composition/testing/station-data';

const token = 'desks-local-mode-token-0001';

describe('desks and the orders of other desks while the shared mode is off', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let station: Station;
  const data = <T>(channel: string, input: unknown = {}) => stationData<T>(station, channel, input);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'desks-local-'));
    sandbox = await startSandbox({ port: 0, token, orders: 12 });
    station = await openTestStation(dataDir, { baseUrl: sandbox.url });
    await data('token.set', { token });
    await data('settings.update', { patch: sandboxDeskPatch(sandbox) });
  });
  afterAll(async () => {
    await station.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists no desks and says the mode is off', async () => {
    expect(await data<DeskListing>('desks.list')).toEqual({ state: 'off', desks: [], setAside: [] });
  });

  it('lists every cached order with no other desk’s mark', async () => {
    await data('orders.refresh', { mode: 'full' });
    const listing = await data<OrderListing>('orders.list');
    expect(listing.rows).toHaveLength(12);
    expect(listing.rows.map((row) => row.elsewhere)).toEqual(Array.from({ length: 12 }, () => null));
  });
});
