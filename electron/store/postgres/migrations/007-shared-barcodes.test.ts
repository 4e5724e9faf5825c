import type pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSharedBarcodes } from '../shared-barcodes';
import { useSharedTestDesks } from '../testing/use-shared-test-desks';

// A fresh database per test, the account's schema migrated (as `acct`), on a server of the file's own.
const rig = useSharedTestDesks();
let pool: pg.Pool;
beforeEach(() => {
  pool = rig.desks.pool;
});

const access = (deskId: string) => ({ pool, schema: 'acct', deskId, bootId: `boot-${deskId}`, connection: { host: '127.0.0.1', port: 5432, database: 'd', user: 'u' } });

describe('migration 007: the account’s learned barcodes', () => {
  it('a barcode learned at one desk is known at the others, one goods line per shop and code; a correction replaces it', async () => {
    const one = createSharedBarcodes(access('desk-1'));
    const two = createSharedBarcodes(access('desk-2'));
    await one.save([
      { shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '500ml', updatedAt: 0 },
      { shopId: 'S2', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '350ml', updatedAt: 0 },
    ]);
    expect((await two.list('S1')).map(({ barcode, goodsName, goodsSpec }) => ({ barcode, goodsName, goodsSpec }))).toEqual([{ barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '500ml' }]);
    await two.save([{ shopId: 'S1', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '750ml', updatedAt: 0 }]);
    const all = await one.list(null);
    expect(all.map((mapping) => [mapping.shopId, mapping.goodsSpec])).toEqual([
      ['S1', '750ml'],
      ['S2', '350ml'],
    ]);
    expect(all.every((mapping) => typeof mapping.updatedAt === 'number' && mapping.updatedAt > 0)).toBe(true);
    expect((await pool.query(`SELECT desk_id FROM acct.shared_barcodes WHERE shop_id = 'S1'`)).rows).toEqual([{ desk_id: 'desk-2' }]);
    expect(await one.remove('S1', '6901234567892')).toBe(true);
    expect(await one.remove('S1', '6901234567892')).toBe(false);
    expect(await two.list('S1')).toEqual([]);
  });
});
