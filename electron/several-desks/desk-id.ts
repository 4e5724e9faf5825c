import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../data-folder/atomic-file';
import { systemErrorCode } from '../data-folder/system-error-code';

/**
 * This desk's id in the shared database: made once and kept in the data folder (`desk-id`), so
 * that renaming the desk or the computer keeps its claims and history rows its own.
 */
export function readOrCreateDeskId(dataDir: string): string {
  const file = join(dataDir, 'desk-id');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f-]{36}$/.test(stored)) return stored;
  } catch (error) {
    if (systemErrorCode(error) !== 'ENOENT') throw error;
  }
  const created = randomUUID();
  writeFileAtomically(file, `${created}\n`);
  return created;
}
