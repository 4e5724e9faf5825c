import { describe, expect, it } from 'vitest';
import { localMigrations } from '../local-migrations';
import { createLocalPrintTasks } from '../local-print-tasks';
import { createWriteTimer } from '../write-timer';
import { columnsOf, databaseAtVersion, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

const gateway = { baseUrl: 'https://gateway.example.com', shopId: '8800' };
const printData = { encryptedData: 'AES:YT1-secret', signature: 'MD:1', templateURL: 'https://cloudprint.cainiao.com/template/standard/101/3', ver: 'v1' };
const customArea = { templateURL: 'https://cloudprint.cainiao.com/template/customArea/1234/1', data: { ORDER_ID: 'T1', REMARK: '' } };

/** A version-9 database as a station left it: a waybill's print data stored, and print documents with whole copies of their layers. */
function version9WithCopies(): void {
  const db = databaseAtVersion(databaseFile(), 9);
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'printing', 1, 1, 'YTO', 'B1', '{}');
    INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data, print_data_state) VALUES ('YT1', 'T1', 'issued', 'job-1', 1, '${JSON.stringify(printData)}', 'present');
    INSERT INTO waybills (waybill_code, object_id, origin, job_id, recorded_at, print_data, print_data_state) VALUES ('YT2', 'T2', 'issued', 'job-1', 1, '{"encryptedData":"AES:YT2-now"}', 'present');
  `);
  const insert = db.prepare(`INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, attempts, received, rendered,
    created_at, updated_at, gateway_base_url, gateway_shop_id) VALUES (?, 'job-1', ?, ?, '', ?, 1, ?, 0, 0, 0, 1, 1, ?, ?)`);
  // The same print data with its keys in another order (written by an older station): still the waybill's.
  const reordered = Object.fromEntries(Object.entries(printData).reverse());
  insert.run('p-same', 0, 'YT1', JSON.stringify([reordered, customArea]), 'queued', gateway.baseUrl, gateway.shopId);
  // Print data that is not the waybill's any more (fetched again since): the document keeps what it had.
  insert.run('p-other', 1, 'YT2', JSON.stringify([{ encryptedData: 'AES:YT2-then' }]), 'failed', gateway.baseUrl, gateway.shopId);
  // A label of no waybill (a test print) and a printed one, whose layers were dropped.
  insert.run('p-test', 2, 'TEST-1', JSON.stringify([{ data: { text: 'test' } }]), 'queued', gateway.baseUrl, gateway.shopId);
  insert.run('p-printed', 3, 'YT1', null, 'printed', gateway.baseUrl, gateway.shopId);
  db.close();
}

describe('migration 10: print documents refer to the print data of their waybill', () => {
  it('drops a document’s copy of its waybill’s print data and keeps every other layer it had', () => {
    version9WithCopies();
    const db = migrateTo(databaseFile(), 10);
    const added = columnsOf(db, 'print_documents').filter((column) => ['own_layers_json', 'print_data_of_waybill', 'contents_json'].includes(column.name));
    expect(added).toEqual([
      expect.objectContaining({ name: 'own_layers_json', type: 'TEXT', notnull: 0 }),
      expect.objectContaining({ name: 'print_data_of_waybill', type: 'INTEGER', notnull: 1, dflt_value: '0' }),
    ]);
    expect(db.prepare('SELECT id, own_layers_json, print_data_of_waybill FROM print_documents ORDER BY seq').all()).toEqual([
      { id: 'p-same', own_layers_json: JSON.stringify([customArea]), print_data_of_waybill: 1 },
      { id: 'p-other', own_layers_json: JSON.stringify([{ encryptedData: 'AES:YT2-then' }]), print_data_of_waybill: 0 },
      { id: 'p-test', own_layers_json: JSON.stringify([{ data: { text: 'test' } }]), print_data_of_waybill: 0 },
      { id: 'p-printed', own_layers_json: null, print_data_of_waybill: 0 },
    ]);
    // The waybill's print data is the one copy left.
    const copies = db.prepare("SELECT COUNT(*) FROM print_documents WHERE own_layers_json LIKE '%AES:YT1-secret%'").pluck().get();
    expect(copies).toBe(0);
    expect(() => db.prepare("UPDATE print_documents SET print_data_of_waybill = 2 WHERE id = 'p-test'").run()).toThrow(/CHECK constraint failed/);
    db.close();
  });

  it('leaves the documents printable: the queue loads them with the layers they had', async () => {
    version9WithCopies();
    // Loaded by today's store: on the schema every later migration made of it.
    const db = migrateTo(databaseFile(), localMigrations.length);
    const loaded = await createLocalPrintTasks(db, createWriteTimer()).read.openDocuments([gateway]);
    expect(loaded.map((record) => ({ id: record.id, contents: record.contents, printDataOfWaybill: record.printDataOfWaybill }))).toEqual([
      { id: 'p-same', contents: [printData, customArea], printDataOfWaybill: true },
      { id: 'p-other', contents: [{ encryptedData: 'AES:YT2-then' }], printDataOfWaybill: false },
      { id: 'p-test', contents: [{ data: { text: 'test' } }], printDataOfWaybill: false },
    ]);
    db.close();
  });
});
