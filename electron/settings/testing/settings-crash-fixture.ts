import { writeFileSync, writeSync } from 'node:fs';
import { createSettingsStore } from '../settings-store';

/**
 * A child process for the crash tests (settings-crash.test.ts), run with `node --import tsx`:
 *
 * - `block-before-rename <settings file> <marker file> <sender name>`: starts an update and, with
 *   the new settings written to the temp file but not yet renamed, creates the marker file and
 *   blocks for ever, waiting to be killed.
 * - `update-loop <settings file>`: updates the sender name to `nick-1`, `nick-2`, … without end,
 *   printing `ready` once and then each number after its update returned, until killed.
 */
const [mode, filePath, ...rest] = process.argv.slice(2);
if (filePath === undefined) throw new Error('usage: settings-crash-fixture <mode> <settings file> …');

const blockForEver = (): void => {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};

if (mode === 'block-before-rename') {
  const [markerPath, senderName] = rest;
  if (markerPath === undefined || senderName === undefined) throw new Error('block-before-rename needs a marker file and a sender name');
  const store = createSettingsStore({
    filePath,
    beforeRename: () => {
      writeFileSync(markerPath, 'blocked before rename');
      blockForEver();
    },
  });
  store.update({ shipFrom: { senderName } });
} else if (mode === 'update-loop') {
  const store = createSettingsStore({ filePath });
  // Synchronous writes: every line printed is in the pipe before the next update starts.
  writeSync(1, 'ready\n');
  for (let count = 1; ; count += 1) {
    store.update({ shipFrom: { senderName: `nick-${count}` } });
    writeSync(1, `${count}\n`);
  }
} else {
  throw new Error(`unknown mode ${mode}`);
}
