import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(async () => {
  pool = rig.desks.pool;
  await pool.query(`INSERT INTO acct.desks (desk_id, name) VALUES ('desk-1', 'Desk 1'), ('desk-2', 'Desk 2')`);
  await pool.query(
    `INSERT INTO acct.shared_waybills (gateway_base_url, shop_id, waybill_code, order_numbers, carrier_code, desk_id, job_id, issued_at)
     VALUES ('g', 'shop-1', 'YT1', ARRAY['T1'], 'YTO', 'desk-1', 'job-1', now())`,
  );
});

const print = (desk: string, printId: string, waybill = 'YT1', shop = 'shop-1') =>
  pool.query(`INSERT INTO acct.shared_label_prints (desk_id, print_id, gateway_base_url, shop_id, waybill_code, printed_at) VALUES ($1, $2, 'g', $3, $4, now())`, [desk, printId, shop, waybill]);

describe('migration 005: the shared print state', () => {
  it('keeps each desk’s print once, of a shared waybill of its shop only, by a joined desk only', async () => {
    await print('desk-1', 'p-1');
    await print('desk-2', 'p-1');
    // The same print of the same desk, sent again: refused by the key.
    await expect(print('desk-1', 'p-1')).rejects.toMatchObject({ code: '23505' });
    // A waybill the shared history lacks, or the same number under another shop.
    await expect(print('desk-1', 'p-2', 'YT9')).rejects.toMatchObject({ code: '23503' });
    await expect(print('desk-1', 'p-3', 'YT1', 'shop-2')).rejects.toMatchObject({ code: '23503' });
    await expect(print('desk-9', 'p-4')).rejects.toMatchObject({ code: '23503' });
    const counted = await pool.query(`SELECT desk_id, count(*)::integer AS prints, bool_and(shared_at <= clock_timestamp()) AS server_stamped FROM acct.shared_label_prints GROUP BY desk_id ORDER BY desk_id`);
    expect(counted.rows).toEqual([
      { desk_id: 'desk-1', prints: 1, server_stamped: true },
      { desk_id: 'desk-2', prints: 1, server_stamped: true },
    ]);
  });
});
