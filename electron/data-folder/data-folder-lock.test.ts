import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StationFailure } from '../ipc/to-station-error';
import { acquireDataFolderLock, DATA_FOLDER_LOCK_FILE } from './data-folder-lock';
import type { DataFolderLock } from './data-folder-lock';
import { DATA_FOLDER_ENV, resolveDataFolder } from './resolve-data-folder';

const projectRoot = resolve(import.meta.dirname, '../..');
const fixturePath = join(import.meta.dirname, 'testing', 'data-folder-lock-fixture.ts');

let dataDir: string;
let lockPath: string;
const children = new Set<ChildProcess>();
const locks: DataFolderLock[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'data-folder-'));
  lockPath = join(dataDir, DATA_FOLDER_LOCK_FILE);
});

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const lock of locks.splice(0)) lock.release();
  rmSync(dataDir, { recursive: true, force: true });
});

interface FixtureReport {
  event: 'acquired' | 'refused';
  code?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Runs the lock fixture in a child process; resolves with its first report line. */
function runFixture(mode: 'hold' | 'try', owner: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixturePath, mode, dataDir, owner], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  const report = new Promise<FixtureReport>((done, failed) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line !== undefined) done(JSON.parse(line) as FixtureReport);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('close', () => failed(new Error(`the fixture exited without a report: ${stderr}`)));
  });
  const killed = async () => {
    child.kill('SIGKILL');
    await exited;
    children.delete(child);
  };
  return { child, report, exited, killed };
}

function acquire(owner: string): DataFolderLock {
  const lock = acquireDataFolderLock(dataDir, { owner });
  locks.push(lock);
  return lock;
}

function refusal(owner: string): StationFailure {
  try {
    acquire(owner);
  } catch (error) {
    if (error instanceof StationFailure) return error;
    throw error;
  }
  throw new Error('the lock was granted');
}

const clearMessage = (owner: string, pid: number, startedAt: string) =>
  `The data folder ${dataDir} is in use by ${owner} (process ${pid} on ${hostname()}, since ${startedAt}).`;

describe('data folder lock', () => {
  it('refuses a second process while the first holds the folder, and takes over once the first is killed', async () => {
    const holder = runFixture('hold', 'Waybill Print Station 0.1.0 (electron)');
    expect(await holder.report).toMatchObject({ event: 'acquired' });
    const holderPid = holder.child.pid ?? 0;
    const record = JSON.parse(readFileSync(lockPath, 'utf8')) as { pid: number; owner: string; hostname: string; startedAt: string };
    expect(record).toMatchObject({ pid: holderPid, owner: 'Waybill Print Station 0.1.0 (electron)', hostname: hostname() });

    const contender = await runFixture('try', 'browser host').report;
    expect(contender).toEqual({
      event: 'refused',
      code: 'data-folder.locked',
      params: { pid: holderPid, owner: 'Waybill Print Station 0.1.0 (electron)', hostname: hostname(), startedAt: record.startedAt, dataDir },
      message: clearMessage('Waybill Print Station 0.1.0 (electron)', holderPid, record.startedAt),
    });
    expect(refusal('browser host').error).toMatchObject({ code: 'data-folder.locked', retryable: false });

    await holder.killed();
    // The killed holder could not clean up: its lock file is stale now.
    expect(existsSync(lockPath)).toBe(true);
    const lock = acquire('browser host');
    expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toEqual({ ...lock.holder, pid: process.pid, owner: 'browser host' });

    const late = await runFixture('try', 'Waybill Print Station 0.1.0 (electron)').report;
    expect(late).toMatchObject({ event: 'refused', message: clearMessage('browser host', process.pid, lock.holder.startedAt) });

    lock.release();
    expect(existsSync(lockPath)).toBe(false);
    const afterRelease = runFixture('try', 'Waybill Print Station 0.1.0 (electron)');
    expect(await afterRelease.report).toMatchObject({ event: 'acquired' });
    // The child releases right after reporting; once it has exited, the folder is free again.
    await afterRelease.exited;
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a second lock on the same folder within one process', () => {
    const lock = acquire('first');
    const failure = refusal('second');
    expect(failure.error.params).toMatchObject({ owner: 'first', pid: process.pid });
    lock.release();
    acquire('second');
  });

  it('takes over a lock file that a crash left as garbage or empty', () => {
    for (const garbage of ['', '{"pid":', '\u0000\u0001binary', '{"pid":0,"owner":"x","hostname":"h","startedAt":"t"}']) {
      writeFileSync(lockPath, garbage);
      const lock = acquire('after the crash');
      expect(JSON.parse(readFileSync(lockPath, 'utf8'))).toMatchObject({ owner: 'after the crash', pid: process.pid });
      lock.release();
    }
  });

  it('takes over a lock of a process that no longer exists', async () => {
    const finished = runFixture('try', 'short-lived');
    await finished.exited;
    const deadPid = finished.child.pid ?? 0;
    writeFileSync(lockPath, JSON.stringify({ pid: deadPid, owner: 'crashed run', hostname: hostname(), startedAt: '2026-01-01T00:00:00.000Z' }));
    expect(acquire('next run').holder.pid).toBe(process.pid);
  });

  it('refuses a lock held from another host, whose process it cannot check', () => {
    writeFileSync(lockPath, JSON.stringify({ pid: 4242, owner: 'browser host', hostname: 'desk-2', startedAt: '2026-01-01T00:00:00.000Z' }));
    const failure = refusal('here');
    expect(failure.error).toMatchObject({ code: 'data-folder.locked', params: { owner: 'browser host', pid: 4242, hostname: 'desk-2', dataDir } });
    expect(failure.message).toBe(`The data folder ${dataDir} is in use by browser host (process 4242 on desk-2, since 2026-01-01T00:00:00.000Z).`);
  });

  it('releases only its own lock, once', () => {
    const lock = acquire('first');
    lock.release();
    writeFileSync(lockPath, JSON.stringify({ pid: 4242, owner: 'someone else', hostname: 'desk-2', startedAt: 'now' }));
    lock.release();
    expect(existsSync(lockPath)).toBe(true);
  });
});

describe('resolveDataFolder', () => {
  it('prefers the explicit folder, then STATION_DATA_DIR, then the app default, and creates it', () => {
    const explicit = join(dataDir, 'explicit', 'nested');
    const fromEnv = join(dataDir, 'from-env');
    const appDefault = join(dataDir, 'app-default');
    expect(resolveDataFolder({ explicit, env: { [DATA_FOLDER_ENV]: fromEnv }, appDataDir: appDefault })).toBe(explicit);
    expect(resolveDataFolder({ explicit: '', env: { [DATA_FOLDER_ENV]: fromEnv }, appDataDir: appDefault })).toBe(fromEnv);
    expect(resolveDataFolder({ env: { [DATA_FOLDER_ENV]: '' }, appDataDir: appDefault })).toBe(appDefault);
    for (const folder of [explicit, fromEnv, appDefault]) expect(existsSync(folder)).toBe(true);
  });

  it('answers an absolute path for a relative choice', () => {
    const relative = join('.', 'relative-data');
    const previous = process.cwd();
    process.chdir(dataDir);
    try {
      expect(resolveDataFolder({ explicit: relative, env: {} })).toBe(join(dataDir, 'relative-data'));
    } finally {
      process.chdir(previous);
    }
  });

  it('refuses when no folder is given, or a file stands in the way', () => {
    expect(() => resolveDataFolder({ env: {} })).toThrow(expect.objectContaining({ error: expect.objectContaining({ code: 'data-folder.unusable', retryable: false }) }) as Error);
    const file = join(dataDir, 'a-file');
    writeFileSync(file, '');
    expect(() => resolveDataFolder({ explicit: file, env: {} })).toThrow(
      expect.objectContaining({ error: { code: 'data-folder.unusable', params: { dataDir: file, reason: 'EEXIST' }, retryable: false } }) as Error,
    );
  });
});
