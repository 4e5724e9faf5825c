import type { Statement } from 'better-sqlite3';
import type { StationDatabase } from './open-station-database';

/** The two pragmas of each database, prepared once: `db.pragma` prepares its statement at every call (a desk commits thousands of print states a job). */
const syncPragmas = new WeakMap<StationDatabase, { normal: Statement; full: Statement }>();

/**
 * Runs a commit whose loss to a power cut is harmless without an fsync of its own
 * (synchronous=NORMAL for that commit; the database stays on FULL otherwise). The write-ahead log
 * keeps commits in order, so the next durable commit takes this one to the disk too: what must
 * be on the disk before a step that cannot be undone (a document leaving for the printer, an
 * issue call leaving for the gateway) is that step's own durable commit. Called outside a
 * transaction (SQLite ignores the pragma inside one).
 */
export function commitWithoutOwnSync<T>(db: StationDatabase, commit: () => T): T {
  let pragmas = syncPragmas.get(db);
  if (!pragmas) {
    pragmas = { normal: db.prepare('PRAGMA synchronous = NORMAL'), full: db.prepare('PRAGMA synchronous = FULL') };
    syncPragmas.set(db, pragmas);
  }
  pragmas.normal.run();
  try {
    return commit();
  } finally {
    pragmas.full.run();
  }
}
