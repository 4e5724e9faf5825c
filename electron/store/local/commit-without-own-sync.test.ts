import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { commitWithoutOwnSync } from './commit-without-own-sync';
import { openStationDatabase, type StationDatabase } from './open-station-database';

const folders: string[] = [];
const opened: StationDatabase[] = [];

async function database(): Promise<{ db: StationDatabase; file: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'station-sync-'));
  folders.push(folder);
  const file = join(folder, 'station.db');
  const db = openStationDatabase({ file, migrations: [] });
  opened.push(db);
  db.exec('CREATE TABLE marks (name TEXT)');
  return { db, file };
}

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('a commit without its own fsync', () => {
  it('is committed (another connection reads it), answers what the commit did, and leaves the database on synchronous=FULL', async () => {
    const { db, file } = await database();
    const inserted = commitWithoutOwnSync(db, () => db.transaction(() => db.prepare("INSERT INTO marks VALUES ('claim')").run().changes)());
    expect(inserted).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('SELECT name FROM marks').all()).toEqual([{ name: 'claim' }]);
    reader.close();
  });

  it('leaves the database on synchronous=FULL when the commit fails, and the failed transaction leaves nothing', async () => {
    const { db } = await database();
    const failing = db.transaction(() => {
      db.prepare("INSERT INTO marks VALUES ('half')").run();
      throw new Error('the write failed');
    });
    expect(() => commitWithoutOwnSync(db, () => failing())).toThrow('the write failed');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.prepare('SELECT COUNT(*) AS count FROM marks').get()).toEqual({ count: 0 });
  });
});
