import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();
const DAY = 86_400_000;

describe('migration 20: operators and the audit log', () => {
  it('adds the operators (PIN and badge as hashes only) and an audit log that refuses edits and early deletes', () => {
    databaseAtVersion(databaseFile(), 19).close();
    const db = migrateTo(databaseFile(), 20);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['operators', 'audit_entries']));
    expect(columnsOf(db, 'operators').map((column) => column.name)).toEqual(['id', 'name', 'role', 'pin_hash', 'badge_hash', 'failed_pins', 'locked_until', 'created_at']);
    expect(indexesOf(db, 'audit_entries')).toEqual(expect.arrayContaining(['audit_entries_by_time', 'audit_entries_by_operator', 'audit_entries_by_action']));
    const insert = db.prepare(`INSERT INTO audit_entries (id, at, desk_id, desk_name, operator_id, operator_name, action, outcome) VALUES (?, ?, 'd1', 'Desk 1', 'op-1', 'Li Na', 'void', 'done')`);
    insert.run('young', Date.now() - DAY);
    insert.run('old', Date.now() - 400 * DAY);
    expect(() => db.prepare(`UPDATE audit_entries SET operator_name = 'Someone else' WHERE id = 'young'`).run()).toThrow(/append-only/);
    expect(() => db.prepare(`UPDATE audit_entries SET outcome = 'refused' WHERE id = 'old'`).run()).toThrow(/append-only/);
    expect(() => db.prepare(`DELETE FROM audit_entries WHERE id = 'young'`).run()).toThrow(/kept/);
    // Only `shared_at` may be set, and only entries past the shortest retention deleted.
    db.prepare(`UPDATE audit_entries SET shared_at = 1 WHERE id = 'young'`).run();
    expect(db.prepare(`DELETE FROM audit_entries WHERE id = 'old'`).run().changes).toBe(1);
    expect(db.prepare('SELECT id, shared_at FROM audit_entries').all()).toEqual([{ id: 'young', shared_at: 1 }]);
    expect(() => db.prepare(`INSERT INTO operators (id, name, role, pin_hash, created_at) VALUES ('a', 'Li Na', 'packer', 'h', 1), ('b', 'LI NA', 'packer', 'h', 1)`).run()).toThrow(/UNIQUE/);
    expect(() => db.prepare(`INSERT INTO operators (id, name, role, pin_hash, created_at) VALUES ('c', 'Zhao', 'boss', 'h', 1)`).run()).toThrow(/CHECK/);
    db.close();
  });
});
