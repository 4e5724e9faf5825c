import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalBackend } from './open-local-backend';
import { openStationDatabase } from './open-station-database';
import type { StationBackend } from '../station-backend';

// The hours of a desk's own statistics waiting for the shared database: noted in the transaction
// of each change, an hour changed again while it was being sent stays waiting, and nothing of it
// is written into the station database's file.

const HOUR = 3_600_000;
const hour = 480_000 * HOUR;
let folder: string;
let file: string;
let backend: StationBackend;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'statistics-outbox-'));
  file = join(folder, 'station.db');
  backend = await openLocalBackend({ file });
});
afterEach(async () => {
  await backend.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the statistics outbox', () => {
  it('notes each hour whose own figures change, tells once after the change, and keeps an hour changed again while it was sent', async () => {
    let told = 0;
    backend.read.statisticsOutbox.onChange(() => (told += 1));
    await backend.write.costs.record({ endpoint: 'issue', points: 2, jobId: null, shopId: 's1', at: hour + 5 });
    await backend.write.costs.record({ endpoint: 'issue', points: 3, jobId: null, shopId: 's1', at: hour + HOUR });
    await Promise.resolve();
    expect(told).toBeGreaterThan(0);
    const changed = await backend.read.statisticsOutbox.changed(10);
    expect(changed.map((entry) => entry.hour)).toEqual([hour, hour + HOUR]);
    expect(await backend.read.statisticsOutbox.hours([hour])).toEqual({
      hours: [hour],
      figures: [{ hour, shop: 's1', carrier: '', branch: '', failures: 0, calls: 1, points: 2, heldBack: 0, verified: 0, mismatches: 0, overrides: 0 }],
      failures: [],
      operators: [],
    });
    // The first hour changes again after it was read: marked as read, it stays waiting; the second is done.
    await backend.write.costs.record({ endpoint: 'issue', points: 4, jobId: null, shopId: 's1', at: hour + 6 });
    await backend.write.statisticsOutbox.markShared(changed);
    expect((await backend.read.statisticsOutbox.changed(10)).map((entry) => entry.hour)).toEqual([hour]);
    expect((await backend.read.statisticsOutbox.all()).hours).toEqual([hour, hour + HOUR]);
  });

  it('writes nothing of it into the station database: another connection to the file finds none of its tables or triggers', async () => {
    await backend.write.costs.record({ endpoint: 'issue', points: 2, jobId: null, shopId: 's1', at: hour });
    expect(await backend.read.statisticsOutbox.changed(10)).toHaveLength(1);
    const db = openStationDatabase({ file });
    try {
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%to_share%'").all()).toEqual([]);
    } finally {
      db.close();
    }
  });
});
