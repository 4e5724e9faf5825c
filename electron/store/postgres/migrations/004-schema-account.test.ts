import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(async () => {
  pool = rig.desks.pool;
});

describe('migration 004: the schema’s account', () => {
  it('holds one account only, with a gateway, and its shops once each by user id', async () => {
    expect((await pool.query('SELECT * FROM acct.schema_account')).rows).toEqual([]);
    await pool.query(`INSERT INTO acct.schema_account (gateway_base_url) VALUES ('https://gw.example')`);
    await expect(pool.query(`INSERT INTO acct.schema_account (gateway_base_url) VALUES ('https://other.example')`)).rejects.toMatchObject({ code: '23505' });
    await expect(pool.query(`INSERT INTO acct.schema_account (one_row, gateway_base_url) VALUES (false, 'https://other.example')`)).rejects.toMatchObject({ code: '23514' });
    await pool.query(`DELETE FROM acct.schema_account`);
    await expect(pool.query(`INSERT INTO acct.schema_account (gateway_base_url) VALUES ('')`)).rejects.toMatchObject({ code: '23514' });

    await pool.query(`INSERT INTO acct.schema_account_shops (merchant_user_id, seller_nick) VALUES (2201385297, '小满百货旗舰店')`);
    await expect(pool.query(`INSERT INTO acct.schema_account_shops (merchant_user_id, seller_nick) VALUES (2201385297, 'another nick')`)).rejects.toMatchObject({ code: '23505' });
    expect((await pool.query('SELECT merchant_user_id, seller_nick FROM acct.schema_account_shops')).rows).toEqual([{ merchant_user_id: '2201385297', seller_nick: '小满百货旗舰店' }]);
  });
});
