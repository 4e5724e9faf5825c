import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore } from './settings-store';

const projectRoot = resolve(import.meta.dirname, '../..');
const fixturePath = join(import.meta.dirname, 'settings-crash-fixture.ts');

let folder: string;
let filePath: string;
const children = new Set<ChildProcess>();

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'settings-crash-'));
  filePath = join(folder, 'settings.json');
});

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  rmSync(folder, { recursive: true, force: true });
});

/** Starts the fixture in a child Node process; its stdout is collected in `output()`. */
function startFixture(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixturePath, ...args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // 'close', not 'exit': only then has all of the child's output been read.
  const exited = new Promise<NodeJS.Signals | number | null>((done) => child.once('close', (code, signal) => done(signal ?? code)));
  const killed = async () => {
    child.kill('SIGKILL');
    const outcome = await exited;
    children.delete(child);
    return outcome;
  };
  const waitFor = async (ready: () => boolean, what: string) => {
    for (let waited = 0; !ready(); waited += 10) {
      if (child.exitCode !== null) throw new Error(`the fixture exited before ${what}: ${stderr}`);
      if (waited > 20_000) throw new Error(`the fixture did not reach ${what}: ${stderr}`);
      await delay(10);
    }
  };
  return { killed, waitFor, output: () => stdout };
}

const tempFiles = () => readdirSync(folder).filter((name) => name.endsWith('.tmp'));

describe('settings survive a crash mid-write', () => {
  it('keeps the old settings when the process is killed between write and rename', async () => {
    createSettingsStore({ filePath }).update({ gateway: { sellerNick: 'old-nick' } });
    const oldBytes = readFileSync(filePath);
    const markerPath = join(folder, 'blocked.marker');

    const fixture = startFixture(['block-before-rename', filePath, markerPath, 'new-nick']);
    await fixture.waitFor(() => existsSync(markerPath), 'the point between write and rename');
    // The new settings are complete in the temp file, the real file still holds the old ones.
    const [tempName] = tempFiles();
    expect(tempName).toBeDefined();
    expect(JSON.parse(readFileSync(join(folder, tempName ?? ''), 'utf8')).gateway.sellerNick).toBe('new-nick');
    expect(readFileSync(filePath).equals(oldBytes)).toBe(true);
    expect(await fixture.killed()).toBe('SIGKILL');

    const reopened = createSettingsStore({ filePath });
    expect(reopened.loadNotice).toBeNull();
    expect(reopened.get().gateway.sellerNick).toBe('old-nick');
    expect(tempFiles()).toEqual([]);
    expect(readdirSync(folder).filter((name) => name.includes('corrupt'))).toEqual([]);
  });

  it('always loads either the old or the new settings when killed at random points of a run of updates', async () => {
    createSettingsStore({ filePath }).update({ gateway: { sellerNick: 'nick-0' } });
    let lastSeen = 0;
    for (let iteration = 0; iteration < 20; iteration += 1) {
      const fixture = startFixture(['update-loop', filePath]);
      await fixture.waitFor(() => fixture.output().startsWith('ready\n'), 'ready');
      await delay(Math.random() * 40);
      expect(await fixture.killed()).toBe('SIGKILL');

      // Each number is printed after its update returned: the file holds that one or the next.
      const committed = fixture.output().split('\n').slice(1).filter((line) => /^\d+$/.test(line)).map(Number);
      const lastCommitted = committed.at(-1) ?? 0;
      const store = createSettingsStore({ filePath });
      expect(store.loadNotice).toBeNull();
      const nick = store.get().gateway.sellerNick;
      const onDisk = lastCommitted === 0 ? [`nick-${lastSeen}`, 'nick-1'] : [`nick-${lastCommitted}`, `nick-${lastCommitted + 1}`];
      expect(onDisk).toContain(nick);
      lastSeen = Number(nick.slice('nick-'.length));
      expect(tempFiles()).toEqual([]);
    }
    expect(readdirSync(folder)).toEqual(['settings.json']);
  }, 120_000);
});
