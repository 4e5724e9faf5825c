import { describe, expect, it } from 'vitest';
import { databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const insertOrder = "INSERT INTO cached_orders (shop_id, order_number, order_json, first_seen_at, fetched_at) VALUES (?, ?, '{}', 1, 1)";

describe('migration 4: order cache', () => {
  it('adds the per-shop order cache and its refresh state, and leaves the print queue as it was', () => {
    const before = databaseAtVersion(databaseFile(), 3);
    before.exec(`
      INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
        VALUES ('p-1', 'job-1', 0, 'YT1', '', '[]', 1, 'queued', 0, 0, 0, 1, 1);
    `);
    before.close();
    const db = migrateTo(databaseFile(), 4);
    expect(tablesOf(db)).toEqual(expect.arrayContaining(['cached_orders', 'order_cache_state']));
    expect(indexesOf(db, 'cached_orders')).toEqual(['cached_orders_by_confirmed']);
    expect(db.prepare('SELECT id, state FROM print_documents').all()).toEqual([{ id: 'p-1', state: 'queued' }]);
    db.close();
  });

  it('keeps the same order number apart per shop, once per shop', () => {
    databaseAtVersion(databaseFile(), 3).close();
    const db = migrateTo(databaseFile(), 4);
    db.prepare(insertOrder).run('demo', 'T1');
    db.prepare(insertOrder).run('8800', 'T1');
    expect(() => db.prepare(insertOrder).run('8800', 'T1')).toThrow(/UNIQUE constraint failed/);
    db.prepare("INSERT INTO order_cache_state (shop_id, watermark) VALUES ('8800', 5)").run();
    expect(db.prepare('SELECT shop_id FROM cached_orders ORDER BY shop_id').all()).toEqual([{ shop_id: '8800' }, { shop_id: 'demo' }]);
    expect(db.prepare('SELECT shop_id, watermark, last_full_at FROM order_cache_state').all()).toEqual([{ shop_id: '8800', watermark: 5, last_full_at: null }]);
    db.close();
  });
});
