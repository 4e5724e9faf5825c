import type { OperatorRole } from '../../../shared/operators/operators';
import type { OperatorReader, OperatorWriter } from '../station-backend';
import type { OperatorRecord } from '../station-records';
import type { StationDatabase } from './open-station-database';

interface OperatorRow {
  id: string;
  name: string;
  role: OperatorRole;
  pin_hash: string;
  badge_hash: string | null;
  failed_pins: number;
  locked_until: number | null;
  created_at: number;
}

const recordOf = (row: OperatorRow): OperatorRecord => ({
  id: row.id,
  name: row.name,
  role: row.role,
  pinHash: row.pin_hash,
  badgeHash: row.badge_hash,
  failedPins: row.failed_pins,
  lockedUntil: row.locked_until,
  createdAt: row.created_at,
});

/** The desk's operators in the station database (PINs and badges only as hashes). */
export function createLocalOperators(db: StationDatabase): { read: OperatorReader; write: OperatorWriter } {
  const all = db.prepare<[], OperatorRow>('SELECT * FROM operators ORDER BY name COLLATE NOCASE');
  const byName = db.prepare<[string], OperatorRow>('SELECT * FROM operators WHERE name = ?');
  const byId = db.prepare<[string], OperatorRow>('SELECT * FROM operators WHERE id = ?');
  const byBadge = db.prepare<[string], OperatorRow>('SELECT * FROM operators WHERE badge_hash = ?');
  const insert = db.prepare('INSERT INTO operators (id, name, role, pin_hash, badge_hash, created_at) VALUES (@id, @name, @role, @pinHash, @badgeHash, @createdAt)');
  const remove = db.prepare<[string]>('DELETE FROM operators WHERE id = ?');
  const pinOutcome = db.prepare<[number, number | null, string]>('UPDATE operators SET failed_pins = ?, locked_until = ? WHERE id = ?');
  const wrongPin = db.prepare<{ id: string; lockAfter: number; lockedUntil: number }, { failed_pins: number }>(
    `UPDATE operators SET
       failed_pins = CASE WHEN failed_pins + 1 >= @lockAfter THEN 0 ELSE failed_pins + 1 END,
       locked_until = CASE WHEN failed_pins + 1 >= @lockAfter THEN @lockedUntil ELSE locked_until END
     WHERE id = @id RETURNING failed_pins`,
  );
  return {
    read: {
      list: async () => all.all().map(recordOf),
      byName: async (name) => {
        const row = byName.get(name);
        return row === undefined ? undefined : recordOf(row);
      },
      byId: async (id) => {
        const row = byId.get(id);
        return row === undefined ? undefined : recordOf(row);
      },
      byBadgeHash: async (badgeHash) => {
        const row = byBadge.get(badgeHash);
        return row === undefined ? undefined : recordOf(row);
      },
      // A desk alone copies its operators nowhere: none is ever left out.
      keptApart: async () => [],
    },
    write: {
      add: async (operator) => {
        insert.run({ id: operator.id, name: operator.name, role: operator.role, pinHash: operator.pinHash, badgeHash: operator.badgeHash, createdAt: operator.createdAt });
      },
      remove: async (id) => remove.run(id).changes > 0,
      setPinOutcome: async (id, failedPins, lockedUntil) => {
        pinOutcome.run(failedPins, lockedUntil, id);
      },
      countWrongPin: async (id, lockAfter, lockedUntil) => {
        const row = wrongPin.get({ id, lockAfter, lockedUntil });
        // A wrong PIN leaves at least one in a row, unless it locked (and started the count again).
        return row === undefined ? undefined : { failedPins: row.failed_pins, locked: row.failed_pins === 0 };
      },
      dismissKeptApart: async () => undefined,
    },
  };
}
