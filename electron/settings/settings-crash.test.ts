import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killFixtureProcesses, startFixtureProcess } from '../testing/fixture-process';
import { createSettingsStore } from './settings-store';

const fixturePath = join(import.meta.dirname, 'testing', 'settings-crash-fixture.ts');

let folder: string;
let filePath: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'settings-crash-'));
  filePath = join(folder, 'settings.json');
});

afterEach(() => {
  killFixtureProcesses();
  rmSync(folder, { recursive: true, force: true });
});

const tempFiles = () => readdirSync(folder).filter((name) => name.endsWith('.tmp'));

describe('settings survive a crash mid-write', () => {
  it('keeps the old settings when the process is killed between write and rename', async () => {
    createSettingsStore({ filePath }).update({ shipFrom: { senderName: 'old-nick' } });
    const oldBytes = readFileSync(filePath);
    const markerPath = join(folder, 'blocked.marker');

    const fixture = startFixtureProcess(fixturePath, ['block-before-rename', filePath, markerPath, 'new-nick']);
    await fixture.until(() => existsSync(markerPath), 'the point between write and rename');
    // The new settings are complete in the temp file, the real file still holds the old ones.
    const [tempName] = tempFiles();
    expect(tempName).toBeDefined();
    expect(JSON.parse(readFileSync(join(folder, tempName ?? ''), 'utf8')).shipFrom.senderName).toBe('new-nick');
    expect(readFileSync(filePath).equals(oldBytes)).toBe(true);
    expect(await fixture.kill()).toBe('SIGKILL');

    const reopened = createSettingsStore({ filePath });
    expect(reopened.loadNotice).toBeNull();
    expect(reopened.get().shipFrom.senderName).toBe('old-nick');
    expect(tempFiles()).toEqual([]);
    expect(readdirSync(folder).filter((name) => name.includes('corrupt'))).toEqual([]);
  });

  it('always loads either the old or the new settings when killed at random points of a run of updates', async () => {
    createSettingsStore({ filePath }).update({ shipFrom: { senderName: 'nick-0' } });
    let lastSeen = 0;
    for (let iteration = 0; iteration < 20; iteration += 1) {
      const fixture = startFixtureProcess(fixturePath, ['update-loop', filePath]);
      await fixture.until(() => fixture.output().startsWith('ready\n'), 'ready');
      await delay(Math.random() * 40);
      expect(await fixture.kill()).toBe('SIGKILL');

      // Each number is printed after its update returned: the file holds that one or the next.
      const committed = fixture.output().split('\n').slice(1).filter((line) => /^\d+$/.test(line)).map(Number);
      const lastCommitted = committed.at(-1) ?? 0;
      const store = createSettingsStore({ filePath });
      expect(store.loadNotice).toBeNull();
      const nick = store.get().shipFrom.senderName;
      const onDisk = lastCommitted === 0 ? [`nick-${lastSeen}`, 'nick-1'] : [`nick-${lastCommitted}`, `nick-${lastCommitted + 1}`];
      expect(onDisk).toContain(nick);
      lastSeen = Number(nick.slice('nick-'.length));
      expect(tempFiles()).toEqual([]);
    }
    expect(readdirSync(folder)).toEqual(['settings.json', 'settings.last-good.json']);
  }, 120_000);
});
