import { writeSync } from 'node:fs';
import { StationFailure } from '../../ipc/to-station-error';
import { acquireDataFolderLock } from '../data-folder-lock';

/**
 * A child process for the lock tests (data-folder-lock.test.ts), run with `node --import tsx`:
 *
 * - `hold <data folder> <owner>`: takes the lock, prints `{"event":"acquired"}` and stays alive
 *   until killed.
 * - `try <data folder> <owner>`: tries to take the lock and prints one JSON line: acquired (then
 *   releases it and exits), or refused with the error's code, params and message.
 */
const [mode, dataDir, owner] = process.argv.slice(2);
if (dataDir === undefined || owner === undefined) throw new Error('usage: data-folder-lock-fixture <hold|try> <data folder> <owner>');

const report = (line: object): void => {
  writeSync(1, `${JSON.stringify(line)}\n`);
};

try {
  const lock = acquireDataFolderLock(dataDir, { owner });
  report({ event: 'acquired', pid: process.pid });
  if (mode === 'hold') setInterval(() => undefined, 60_000);
  else lock.release();
} catch (error) {
  if (!(error instanceof StationFailure)) throw error;
  report({ event: 'refused', code: error.error.code, params: error.error.params, message: error.message });
}
