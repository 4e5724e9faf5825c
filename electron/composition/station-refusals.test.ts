import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeError } from '../../shared/errors/station-error';
import { keyFileCipher } from '../token-vault/key-file-cipher';
import { createStation } from './create-station';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'station-refusals-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const start = () => createStation({ shell: 'browser-host', dataDir, tokenCipher: (folder) => keyFileCipher({ keyPath: join(folder, 'test-token.key') }), overrides: {} });

describe('a journal database the station cannot trust', () => {
  it('is refused at start with a catalog error the shell shows in the desk’s language, and the data folder is freed', async () => {
    writeFileSync(join(dataDir, 'station.db'), 'not a database at all, but a note a desk left here\n'.repeat(100));
    writeFileSync(join(dataDir, 'station.db.before-v6-1700000000000.bak'), 'the copy made before the last migration');
    const started = await start();
    if (started.ok) throw new Error('the station started on a file that is not a database');
    const backup = join(dataDir, 'station.db.before-v6-1700000000000.bak');
    expect(started.error).toEqual({ code: 'database.not-a-database', params: { file: join(dataDir, 'station.db'), backups: backup }, retryable: false });
    expect(describeError(started.error, 'zh').remedy).toContain(backup);
    expect(started.message).not.toMatch(/\n\s+at /);
    // Nothing holds the folder: starting again gives the same answer, not "in use".
    const again = await start();
    expect(again.ok ? null : again.error.code).toBe('database.not-a-database');
  });
});
