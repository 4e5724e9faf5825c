import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

/** Options of an atomic write. */
export interface AtomicWriteOptions {
  /** File mode of a new file (e.g. 0o600 for secrets); the umask may narrow it, never widen it. */
  mode?: number;
  /**
   * Runs after the temp file is written and flushed, before it is renamed over the real file.
   * A test seam: crash tests block here to be killed between write and rename.
   */
  beforeRename?: (tempPath: string) => void;
}

const tempSuffix = '.tmp';

/** The name prefix of temp files written for `filePath`: the file's own name and a dot. */
function tempPrefix(filePath: string): string {
  return `${basename(filePath)}.`;
}

/**
 * Flushes a folder's entry table, so that a rename inside it survives a power cut. Windows
 * cannot open folders for this, and some file systems refuse it; there the rename is as durable
 * as the OS makes it.
 */
function fsyncFolder(folder: string): void {
  if (process.platform === 'win32') return;
  let descriptor: number | undefined;
  try {
    descriptor = openSync(folder, 'r');
    fsyncSync(descriptor);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'EISDIR' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/**
 * Replaces a file's content so that a reader (or the next start after a crash) sees either the
 * whole old content or the whole new one, never a mix: write a temp file in the same folder,
 * fsync it, rename it over the real file, fsync the folder. A crash before the rename leaves
 * the old file intact and a stray temp file, which `removeStrayTempFiles` cleans.
 */
export function writeFileAtomically(filePath: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const tempPath = join(dirname(filePath), `${tempPrefix(filePath)}${process.pid}-${randomBytes(6).toString('hex')}${tempSuffix}`);
  const descriptor = openSync(tempPath, 'wx', options.mode ?? 0o666);
  try {
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      let written = 0;
      while (written < bytes.length) written += writeSync(descriptor, bytes, written, bytes.length - written);
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    options.beforeRename?.(tempPath);
    renameSync(tempPath, filePath);
  } catch (error) {
    rmSync(tempPath, { force: true });
    throw error;
  }
  fsyncFolder(dirname(filePath));
}

/**
 * Removes temp files that an interrupted `writeFileAtomically(filePath, …)` left beside the file;
 * answers their paths. Only safe while no other process writes the file (the data folder lock
 * guarantees it).
 */
export function removeStrayTempFiles(filePath: string): string[] {
  const folder = dirname(filePath);
  if (!existsSync(folder)) return [];
  const prefix = tempPrefix(filePath);
  const strays = readdirSync(folder)
    .filter((name) => name.startsWith(prefix) && name.endsWith(tempSuffix))
    .map((name) => join(folder, name));
  for (const stray of strays) rmSync(stray, { force: true });
  return strays;
}

/**
 * Moves a file out of the way, beside itself, under a name that says why and when:
 * `settings.json` → `settings.<label>-2026-11-21T05-17-25-123Z.json`. Never overwrites another
 * file; answers the new path.
 */
export function setFileAside(filePath: string, label: string, now: Date = new Date()): string {
  const extension = extname(filePath);
  const stem = basename(filePath, extension);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  for (let attempt = 0; ; attempt += 1) {
    const suffix = attempt === 0 ? '' : `-${attempt}`;
    const target = join(dirname(filePath), `${stem}.${label}-${stamp}${suffix}${extension}`);
    if (existsSync(target)) continue;
    renameSync(filePath, target);
    fsyncFolder(dirname(filePath));
    return target;
  }
}
