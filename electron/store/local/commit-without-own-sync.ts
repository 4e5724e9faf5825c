import type { StationDatabase } from './open-station-database';

/**
 * Runs a commit whose loss to a power cut is harmless without an fsync of its own
 * (synchronous=NORMAL for that commit; the database stays on FULL otherwise). The write-ahead log
 * keeps commits in order, so the next durable commit takes this one to the disk too: what must
 * be on the disk before a step that cannot be undone (a document leaving for the printer, an
 * issue call leaving for the gateway) is that step's own durable commit. Called outside a
 * transaction (SQLite ignores the pragma inside one).
 */
export function commitWithoutOwnSync<T>(db: StationDatabase, commit: () => T): T {
  db.pragma('synchronous = NORMAL');
  try {
    return commit();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
