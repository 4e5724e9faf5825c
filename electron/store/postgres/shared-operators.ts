import type { OperatorRole } from '../../../shared/operators/operators';
import type { OperatorReader, OperatorWriter } from '../station-backend';
import type { OperatorRecord } from '../station-records';
import { sharedStatements, type SharedDeskAccess } from './shared-access';

/** What copying a desk's own operators into the account came to (once per desk). */
export interface OperatorsCopy {
  /** False when this desk's operators were copied before: nothing was done now. */
  firstTime: boolean;
  copied: number;
  /** Names of this desk's operators left out: the account has an operator of that name or badge already (the account's stands). */
  keptApart: string[];
}

/** The account's operators in the shared database: created once, they sign in at any desk, and their wrong PINs and lock hold at every desk. */
export interface SharedOperators {
  read: OperatorReader;
  write: OperatorWriter;
  /**
   * Copies a desk's own operators (from its local store) into the account, once per desk, in one
   * transaction: those whose name (any letter case) or badge the account has already are left out
   * and named. A desk joining again copies nothing, so an operator removed from the account stays removed.
   */
  copyFromDesk(operators: readonly OperatorRecord[]): Promise<OperatorsCopy>;
}

interface SharedOperatorRow {
  id: string;
  name: string;
  role: OperatorRole;
  pin_hash: string;
  badge_hash: string | null;
  failed_pins: number;
  locked_until_ms: number | null;
  created_at_ms: number;
}

const recordOf = (row: SharedOperatorRow): OperatorRecord => ({
  id: row.id,
  name: row.name,
  role: row.role,
  pinHash: row.pin_hash,
  badgeHash: row.badge_hash,
  failedPins: row.failed_pins,
  lockedUntil: row.locked_until_ms === null ? null : Number(row.locked_until_ms),
  createdAt: Number(row.created_at_ms),
});

/** The account's operators as one desk reaches them. */
export function createSharedOperators(access: SharedDeskAccess): SharedOperators {
  const statements = sharedStatements(access);
  const table = statements.table('shared_operators');
  const copies = statements.table('shared_operator_copies');
  const columns = 'id, name, role, pin_hash, badge_hash, failed_pins, locked_until_ms, created_at_ms';
  const one = async (where: string, value: string) => {
    const [row] = await statements.query<SharedOperatorRow>(`SELECT ${columns} FROM ${table} WHERE ${where} = $1`, [value]);
    return row === undefined ? undefined : recordOf(row);
  };
  return {
    read: {
      list: async () => (await statements.query<SharedOperatorRow>(`SELECT ${columns} FROM ${table} ORDER BY lower(name), name`)).map(recordOf),
      byName: (name) => one('lower(name)', name.toLowerCase()),
      byId: (id) => one('id', id),
      byBadgeHash: (badgeHash) => one('badge_hash', badgeHash),
      keptApart: async () => {
        const [row] = await statements.query<{ kept_apart: string[] }>(`SELECT kept_apart FROM ${copies} WHERE desk_id = $1 AND kept_apart_dismissed_at_ms IS NULL`, [access.deskId]);
        return row?.kept_apart ?? [];
      },
    },
    write: {
      async add(operator) {
        await statements.query(`INSERT INTO ${table} (id, name, role, pin_hash, badge_hash, created_at_ms, desk_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          operator.id,
          operator.name,
          operator.role,
          operator.pinHash,
          operator.badgeHash,
          operator.createdAt,
          access.deskId,
        ]);
      },
      remove: async (id) => (await statements.query(`DELETE FROM ${table} WHERE id = $1 RETURNING id`, [id])).length > 0,
      async setPinOutcome(id, failedPins, lockedUntil) {
        await statements.query(`UPDATE ${table} SET failed_pins = $2, locked_until_ms = $3 WHERE id = $1`, [id, failedPins, lockedUntil]);
      },
      async countWrongPin(id, lockAfter, lockedUntil) {
        // One statement: the row is locked while it counts, so two desks counting at once lose none.
        const [row] = await statements.query<{ failed_pins: number; locked: boolean }>(
          `UPDATE ${table} SET
             failed_pins = CASE WHEN failed_pins + 1 >= $2 THEN 0 ELSE failed_pins + 1 END,
             locked_until_ms = CASE WHEN failed_pins + 1 >= $2 THEN $3 ELSE locked_until_ms END
           WHERE id = $1 RETURNING failed_pins, failed_pins = 0 AS locked`,
          [id, lockAfter, lockedUntil],
        );
        return row === undefined ? undefined : { failedPins: row.failed_pins, locked: row.locked };
      },
      async dismissKeptApart(at) {
        await statements.query(`UPDATE ${copies} SET kept_apart_dismissed_at_ms = $2 WHERE desk_id = $1 AND kept_apart_dismissed_at_ms IS NULL`, [access.deskId, at]);
      },
    },
    copyFromDesk: (operators) =>
      statements.transaction(async (client) => {
        // The desk's row first: a second process of the same desk waits here, then finds it copied.
        const claimed = await client.query(`INSERT INTO ${copies} (desk_id, copied) VALUES ($1, 0) ON CONFLICT (desk_id) DO NOTHING RETURNING desk_id`, [access.deskId]);
        if (claimed.rowCount === 0) return { firstTime: false, copied: 0, keptApart: [] };
        const keptApart: string[] = [];
        for (const operator of operators) {
          const inserted = await client.query(
            `INSERT INTO ${table} (id, name, role, pin_hash, badge_hash, failed_pins, locked_until_ms, created_at_ms, desk_id)
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
             WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE id = $1 OR lower(name) = lower($2) OR badge_hash = $5)
             ON CONFLICT DO NOTHING RETURNING id`,
            [operator.id, operator.name, operator.role, operator.pinHash, operator.badgeHash, operator.failedPins, operator.lockedUntil, operator.createdAt, access.deskId],
          );
          if (inserted.rowCount === 0) keptApart.push(operator.name);
        }
        await client.query(`UPDATE ${copies} SET copied = $2, kept_apart = $3 WHERE desk_id = $1`, [access.deskId, operators.length - keptApart.length, keptApart]);
        return { firstTime: true, copied: operators.length - keptApart.length, keptApart };
      }),
  };
}
