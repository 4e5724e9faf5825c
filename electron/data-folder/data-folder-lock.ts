import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { stationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { systemErrorCode } from './system-error-code';

/** The lock file's name inside the data folder. */
export const DATA_FOLDER_LOCK_FILE = 'station.lock';

/** Who holds a data folder, as the lock file records it. */
export interface DataFolderLockHolder {
  pid: number;
  /** The holder's own description, e.g. "Waybill Print Station 0.1.0 (electron)" or "browser host". */
  owner: string;
  hostname: string;
  /** ISO time the lock was taken. */
  startedAt: string;
}

/** A held data folder lock. */
export interface DataFolderLock {
  readonly lockPath: string;
  readonly holder: DataFolderLockHolder;
  /** Frees the folder (removes the lock file if it is still ours). Safe to call more than once. */
  release(): void;
}

/** What a lock file turned out to hold when read. */
type ExistingLock =
  | { kind: 'gone' }
  | { kind: 'held'; holder: DataFolderLockHolder; bytes: Buffer }
  | { kind: 'garbage'; bytes: Buffer };

/** Lock files this process holds: a second acquisition of the same folder is refused, not "stale". */
const heldByThisProcess = new Set<string>();

/** How long a lock file that is not (yet) readable is given to be completed by its writer. */
const garbageGraceMs = 100;
const maximumAttempts = 5;


function sleepSync(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

function parseHolder(bytes: Buffer): DataFolderLockHolder | null {
  try {
    const value = JSON.parse(bytes.toString('utf8')) as Partial<DataFolderLockHolder> | null;
    if (
      value !== null &&
      typeof value === 'object' &&
      Number.isSafeInteger(value.pid) &&
      (value.pid ?? 0) > 0 &&
      typeof value.owner === 'string' &&
      typeof value.hostname === 'string' &&
      typeof value.startedAt === 'string'
    ) {
      return { pid: value.pid as number, owner: value.owner, hostname: value.hostname, startedAt: value.startedAt };
    }
  } catch {
    // Unparsable: garbage.
  }
  return null;
}

function readExistingLock(lockPath: string, dataDir: string): ExistingLock {
  let bytes: Buffer;
  try {
    bytes = readFileSync(lockPath);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return { kind: 'gone' };
    throw new StationFailure(stationError('data-folder.unusable', { dataDir, reason: systemErrorCode(error) }));
  }
  const holder = parseHolder(bytes);
  return holder ? { kind: 'held', holder, bytes } : { kind: 'garbage', bytes };
}

/**
 * Whether the holder may still be running. A process on another host (a shared folder) cannot
 * be checked and counts as alive; our own pid counts as alive only if this process really holds
 * the lock (otherwise it is an earlier run's pid, reused).
 */
function holderIsAlive(holder: DataFolderLockHolder, lockPath: string): boolean {
  if (holder.hostname !== hostname()) return true;
  if (holder.pid === process.pid) return heldByThisProcess.has(lockPath);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return systemErrorCode(error) !== 'ESRCH';
  }
}

/**
 * Removes a stale lock file, but only if it still holds the bytes judged stale: it is first
 * renamed away (atomic), then compared; a fresh lock that another process wrote in between is
 * put back instead of being deleted.
 */
function removeStaleLock(lockPath: string, staleBytes: Buffer): void {
  const asidePath = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, asidePath);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return;
    throw error;
  }
  try {
    if (!readFileSync(asidePath).equals(staleBytes)) {
      try {
        linkSync(asidePath, lockPath);
      } catch {
        // Yet another lock appeared meanwhile: it stands, and the next attempt reads it.
      }
    }
  } finally {
    rmSync(asidePath, { force: true });
  }
}

/** Creates the lock file exclusively with the holder's record; false if it already exists. */
function createLockFile(lockPath: string, content: Buffer, dataDir: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(lockPath, 'wx', 0o644);
  } catch (error) {
    if (systemErrorCode(error) === 'EEXIST') return false;
    throw new StationFailure(stationError('data-folder.unusable', { dataDir, reason: systemErrorCode(error) }));
  }
  try {
    writeSync(descriptor, content);
    fsyncSync(descriptor);
    closeSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    rmSync(lockPath, { force: true });
    throw new StationFailure(stationError('data-folder.unusable', { dataDir, reason: systemErrorCode(error) }));
  }
  return true;
}

/** Who holds a data folder's lock, as its file names them: the product, its version and its shell. */
export function dataFolderLockOwner(product: { productName: string; version: string }, shell: string): string {
  return `${product.productName} ${product.version} (${shell})`;
}

/**
 * Takes the data folder for this process, so that two processes (two app instances, or the app
 * and the browser host) never share one journal. The lock file `station.lock` is created
 * exclusively and records `{ pid, owner, hostname, startedAt }`. If it exists and its process
 * is alive, throws `data-folder.locked` naming the holder; if that process is gone, or the file
 * is unreadable garbage from a crash, the lock is taken over. Released by `release()`, and on
 * a normal process exit; after a crash the next start finds it stale.
 */
export function acquireDataFolderLock(dataDir: string, options: { owner: string }): DataFolderLock {
  const lockPath = join(dataDir, DATA_FOLDER_LOCK_FILE);
  const holder: DataFolderLockHolder = { pid: process.pid, owner: options.owner, hostname: hostname(), startedAt: new Date().toISOString() };
  const content = Buffer.from(`${JSON.stringify(holder)}\n`, 'utf8');

  let garbageSeen: Buffer | null = null;
  let acquired = false;
  for (let attempt = 0; attempt < maximumAttempts; attempt += 1) {
    if (createLockFile(lockPath, content, dataDir)) {
      acquired = true;
      break;
    }
    const existing = readExistingLock(lockPath, dataDir);
    if (existing.kind === 'held') {
      if (holderIsAlive(existing.holder, lockPath)) {
        throw new StationFailure(stationError('data-folder.locked', { ...existing.holder, dataDir }));
      }
      removeStaleLock(lockPath, existing.bytes);
    } else if (existing.kind === 'garbage') {
      // An empty or partial file may be a lock being written this very moment: look again once.
      if (garbageSeen?.equals(existing.bytes)) {
        removeStaleLock(lockPath, existing.bytes);
      } else {
        garbageSeen = existing.bytes;
        sleepSync(garbageGraceMs);
      }
    }
  }
  if (!acquired) throw new StationFailure(stationError('data-folder.unusable', { dataDir, reason: 'the lock file keeps changing' }));

  heldByThisProcess.add(lockPath);
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.off('exit', release);
    heldByThisProcess.delete(lockPath);
    try {
      if (readFileSync(lockPath).equals(content)) rmSync(lockPath, { force: true });
    } catch {
      // Already gone: nothing to free.
    }
  };
  process.on('exit', release);
  return { lockPath, holder, release };
}
