import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(async () => {
  pool = rig.desks.pool;
  await pool.query(`INSERT INTO acct.desks (desk_id, name) VALUES ('desk-1', 'Desk 1'), ('desk-2', 'Desk 2')`);
});

const claim = (desk: string, order: string, state = 'claimed', waybill: string | null = null) =>
  pool.query(
    `INSERT INTO acct.order_claims (gateway_base_url, shop_id, order_number, desk_id, job_id, state, lease_until, waybill_code)
     VALUES ('https://gw.example', 'shop-1', $2, $1, 'job-1', $3, now() + interval '30 seconds', $4)`,
    [desk, order, state, waybill],
  );

describe('migration 001: the shared desks tables', () => {
  it('lets one desk only claim an order of a shop: the second claim is refused by the unique key', async () => {
    await claim('desk-1', 'T1');
    await expect(claim('desk-2', 'T1')).rejects.toMatchObject({ code: '23505' });
    // The same order number of another shop is another order.
    await pool.query(
      `INSERT INTO acct.order_claims (gateway_base_url, shop_id, order_number, desk_id, job_id, state, lease_until)
       VALUES ('https://gw.example', 'shop-2', 'T1', 'desk-2', 'job-9', 'claimed', now())`,
    );
  });

  it('keeps an issued claim with its waybill, and only then', async () => {
    await claim('desk-1', 'T2', 'issued', 'YT100');
    await expect(claim('desk-1', 'T3', 'issued', null)).rejects.toMatchObject({ code: '23514' });
    await expect(claim('desk-1', 'T4', 'claimed', 'YT101')).rejects.toMatchObject({ code: '23514' });
    await expect(claim('desk-1', 'T5', 'lost')).rejects.toMatchObject({ code: '23514' });
  });

  it('refuses a claim or a waybill of a desk that never joined', async () => {
    await expect(claim('desk-9', 'T6')).rejects.toMatchObject({ code: '23503' });
  });

  it('finds a shared waybill by any of its orders', async () => {
    await pool.query(
      `INSERT INTO acct.shared_waybills (gateway_base_url, shop_id, waybill_code, order_numbers, carrier_code, desk_id, job_id, issued_at, print_data)
       VALUES ('https://gw.example', 'shop-1', 'YT200', ARRAY['T7', 'T8'], 'YTO', 'desk-2', 'job-2', now(), '{"data":1}')`,
    );
    const found = await pool.query(`SELECT waybill_code FROM acct.shared_waybills WHERE order_numbers @> ARRAY['T8']`);
    expect(found.rows).toEqual([{ waybill_code: 'YT200' }]);
    await expect(
      pool.query(`INSERT INTO acct.shared_waybills (gateway_base_url, shop_id, waybill_code, order_numbers, carrier_code, desk_id, job_id, issued_at) VALUES ('g', 's', 'W', ARRAY[]::text[], 'YTO', 'desk-1', 'j', now())`),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
