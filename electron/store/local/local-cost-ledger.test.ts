import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalBackend } from './open-local-backend';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'station-costs-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('cost ledger', () => {
  it('totals points per job, per China day and per shop, and keeps them across restarts', async () => {
    const file = join(directory, 'station.sqlite');
    const lastSecondOfMay1InChina = Date.UTC(2024, 4, 1, 15, 59, 59);
    const firstSecondOfMay2InChina = Date.UTC(2024, 4, 1, 16, 0, 0);

    const backend = await openLocalBackend({ file });
    await backend.write.costs.record({ endpoint: 'sold-orders', points: 2, jobId: 'fetch-1', shopId: 'shop-a', at: lastSecondOfMay1InChina });
    await backend.write.costs.record({ endpoint: 'sold-orders', points: 2, jobId: 'fetch-1', shopId: 'shop-a', at: firstSecondOfMay2InChina });
    await backend.write.costs.record({ endpoint: 'issue', points: 5, jobId: 'issue-1', shopId: 'shop-b', at: firstSecondOfMay2InChina });
    await backend.write.costs.record({ endpoint: 'subscription', points: 0, jobId: null, shopId: 'shop-a', at: firstSecondOfMay2InChina });
    await backend.close();

    const reopened = await openLocalBackend({ file });
    const after = reopened.read.costs;
    expect(await after.totalForJob('fetch-1')).toEqual({ calls: 2, points: 4 });
    expect(await after.totalForJob('issue-1')).toEqual({ calls: 1, points: 5 });
    expect(await after.totalForJob('unknown')).toEqual({ calls: 0, points: 0 });
    expect(await after.totalForChinaDay('2024-05-01')).toEqual({ calls: 1, points: 2 });
    expect(await after.totalForChinaDay('2024-05-02')).toEqual({ calls: 3, points: 7 });
    expect(await after.endpointTotalsForChinaDay('2024-05-02')).toEqual([
      { endpoint: 'issue', calls: 1, points: 5 },
      { endpoint: 'sold-orders', calls: 1, points: 2 },
      { endpoint: 'subscription', calls: 1, points: 0 },
    ]);
    // Per shop of the account, the same day's calls and points (the shop each call was made as).
    expect(await after.shopTotalsForChinaDay('2024-05-02')).toEqual([
      { shopId: 'shop-a', calls: 2, points: 2 },
      { shopId: 'shop-b', calls: 1, points: 5 },
    ]);
    expect(await after.lastIssueCallPoints()).toBe(5);
    expect(await after.lastCallPoints()).toBe(0);
    await reopened.close();
  });
});
