import { describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
const DAY = 86_400_000;

describe('migration 008: the account’s audit log', () => {
  it('keeps entries append-only: no edit, and no delete of one younger than the shortest retention', async () => {
    const { pool } = rig.desks;
    const insert = (id: string, atMs: number) => pool.query(`INSERT INTO acct.audit_entries (id, at_ms, desk_id, desk_name, action, outcome) VALUES ($1, $2, 'd1', 'Desk 1', 'void', 'done')`, [id, atMs]);
    await insert('young', Date.now() - DAY);
    await insert('old', Date.now() - 400 * DAY);
    await expect(pool.query(`UPDATE acct.audit_entries SET operator_name = 'Someone else' WHERE id = 'old'`)).rejects.toMatchObject({ code: 'WB009' });
    await expect(pool.query(`DELETE FROM acct.audit_entries WHERE id = 'young'`)).rejects.toMatchObject({ code: 'WB009' });
    expect((await pool.query(`DELETE FROM acct.audit_entries WHERE id = 'old'`)).rowCount).toBe(1);
    expect((await pool.query<{ id: string }>('SELECT id FROM acct.audit_entries')).rows).toEqual([{ id: 'young' }]);
  });
});
