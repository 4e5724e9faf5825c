import { describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();

describe('migration 010: the account’s operators and verified orders', () => {
  it('keeps one operator per name whatever its letter case and one per badge; the first verification of an order stands', async () => {
    const { pool } = rig.desks;
    const operator = (id: string, name: string, badge: string | null) =>
      pool.query(`INSERT INTO acct.shared_operators (id, name, role, pin_hash, badge_hash, created_at_ms, desk_id) VALUES ($1, $2, 'packer', 'scrypt$x', $3, 1, 'd1')`, [id, name, badge]);
    await operator('o1', 'Li Na', 'B1');
    await operator('o2', 'Zhao Lei', null);
    await operator('o3', 'Wang Fang', null);
    await expect(operator('o4', 'LI NA', null)).rejects.toMatchObject({ code: '23505', constraint: 'shared_operators_by_name' });
    await expect(operator('o5', 'Chen Jie', 'B1')).rejects.toMatchObject({ code: '23505' });
    expect((await pool.query('SELECT failed_pins, locked_until_ms FROM acct.shared_operators WHERE id = $1', ['o1'])).rows).toEqual([{ failed_pins: 0, locked_until_ms: null }]);

    await pool.query(`INSERT INTO acct.shared_operator_copies (desk_id, copied) VALUES ('d1', 2)`);
    await expect(pool.query(`INSERT INTO acct.shared_operator_copies (desk_id, copied) VALUES ('d1', 0)`)).rejects.toMatchObject({ code: '23505' });

    const verify = (desk: string, at: number) =>
      pool.query(`INSERT INTO acct.shared_verified_orders (shop_id, order_number, verified_at_ms, desk_id, desk_name) VALUES ('S1', 'O1', $1, $2, $2) ON CONFLICT DO NOTHING`, [at, desk]);
    await verify('Desk 1', 10);
    await verify('Desk 2', 20);
    expect((await pool.query('SELECT desk_name, verified_at_ms FROM acct.shared_verified_orders')).rows).toEqual([{ desk_name: 'Desk 1', verified_at_ms: 10 }]);
  });
});
