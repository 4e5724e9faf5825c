import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAtVersion, indexesOf, migrateTo, tablesOf, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const planned = JSON.stringify({ orderNumber: 'T1', remark: 'as planned' });
const refreshed = JSON.stringify({ orderNumber: 'T1', remark: 'changed since' });
const other = JSON.stringify({ orderNumber: 'T2', remark: '' });

/** A version-10 database holding each order twice or more: in the order cache and in the members of two jobs. */
function version10WithCopies(): void {
  const db = databaseAtVersion(databaseFile(), 10);
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'done', 1, 1, 'YTO', 'B1', '{}');
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-2', 'planned', 2, 2, 'YTO', 'B1', '{}');
  `);
  const member = db.prepare('INSERT INTO job_orders (job_id, order_number, position, package_key, order_json) VALUES (?, ?, ?, ?, ?)');
  member.run('job-1', 'T1', 0, 'T1', planned);
  member.run('job-1', 'T2', 1, 'T2', other);
  member.run('job-2', 'T1', 0, 'T1', planned);
  const cached = db.prepare('INSERT INTO cached_orders (shop_id, order_number, order_json, first_seen_at, fetched_at) VALUES (?, ?, ?, 1, 1)');
  cached.run('8800', 'T1', refreshed);
  cached.run('8800', 'T2', other);
  db.close();
}

const ordersOf = (db: ReturnType<typeof migrateTo>, table: 'job_orders' | 'cached_orders') =>
  db.prepare(`SELECT t.order_number, o.order_json FROM ${table} t JOIN sold_orders o ON o.id = t.sold_order_id ORDER BY t.rowid`).all();

describe('migration 11: sold orders stored once', () => {
  it('keeps each distinct order text once, which the cache and the job members refer to, as each had it', () => {
    version10WithCopies();
    const db = migrateTo(databaseFile(), 11);
    expect(tablesOf(db)).toContain('sold_orders');
    expect(db.prepare('SELECT order_number, order_json FROM sold_orders ORDER BY id').all()).toEqual([
      { order_number: 'T1', order_json: planned },
      { order_number: 'T1', order_json: refreshed },
      { order_number: 'T2', order_json: other },
    ]);
    expect(ordersOf(db, 'job_orders')).toEqual([
      { order_number: 'T1', order_json: planned },
      { order_number: 'T2', order_json: other },
      { order_number: 'T1', order_json: planned },
    ]);
    expect(ordersOf(db, 'cached_orders')).toEqual([
      { order_number: 'T1', order_json: refreshed },
      { order_number: 'T2', order_json: other },
    ]);
    expect(columnsOf(db, 'job_orders').map((column) => column.name)).not.toContain('order_json');
    expect(columnsOf(db, 'cached_orders').map((column) => column.name)).not.toContain('order_json');
    expect(indexesOf(db, 'sold_orders')).toEqual(['sold_orders_by_number']);
    expect(indexesOf(db, 'job_orders')).toContain('job_orders_by_sold_order');
    expect(indexesOf(db, 'cached_orders')).toContain('cached_orders_by_sold_order');
    db.close();
  });

  it('refuses a reference to an order that is not stored', () => {
    version10WithCopies();
    const db = migrateTo(databaseFile(), 11);
    expect(() => db.prepare("UPDATE cached_orders SET sold_order_id = 999 WHERE order_number = 'T2'").run()).toThrow(/FOREIGN KEY constraint failed/);
    db.close();
  });
});
