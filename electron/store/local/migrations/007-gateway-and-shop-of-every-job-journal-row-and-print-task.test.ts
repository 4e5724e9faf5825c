import { describe, expect, it } from 'vitest';
import { sameGateway, UNKNOWN_GATEWAY } from '../../../../shared/domain/gateway-identity';
import type { StationDatabase } from '../open-station-database';
import { databaseAtVersion, indexesOf, migrateTo, useDatabaseFile } from '../testing/migration-test-kit';

const databaseFile = useDatabaseFile();

/** A version-6 database holding one job, its journal row and a queued print task. */
function version6WithAJob(): void {
  const db = databaseAtVersion(databaseFile(), 6);
  db.exec(`
    INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-1', 'issuing', 1, 1, 'YTO', 'B1', '{}');
    INSERT INTO journal_orders (order_number, job_id, state, updated_at) VALUES ('T1', 'job-1', 'pending', 1);
    INSERT INTO print_documents (id, job_id, seq, document_id, printer, contents_json, documents_per_task, state, attempts, received, rendered, created_at, updated_at)
      VALUES ('p-1', 'job-1', 0, 'YT1', '', '[]', 1, 'queued', 0, 0, 0, 1, 1);
  `);
  db.close();
}

const gatewaysOf = (db: StationDatabase) =>
  ['issue_jobs', 'journal_orders', 'print_documents'].map((table) => db.prepare(`SELECT gateway_base_url AS baseUrl, gateway_shop_id AS shopId FROM ${table}`).get());

describe('migration 7: the gateway and shop of every row', () => {
  it('gives existing rows the gateway they were issued under where the station knows it', () => {
    version6WithAJob();
    const gateway = { baseUrl: 'https://gateway.example.com', shopId: '8800' };
    const db = migrateTo(databaseFile(), 7, { legacyGateway: gateway });
    expect(gatewaysOf(db)).toEqual([gateway, gateway, gateway]);
    expect(indexesOf(db, 'issue_jobs')).toContain('issue_jobs_by_gateway');
    db.close();
  });

  it('marks them unknown where it does not (no settings could be read): they match no gateway', () => {
    version6WithAJob();
    const db = migrateTo(databaseFile(), 7, { legacyGateway: null });
    const unknown = { baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY };
    expect(gatewaysOf(db)).toEqual([unknown, unknown, unknown]);
    expect(sameGateway(unknown, unknown)).toBe(false);
    db.close();
  });

  it('records a row written without them as of the unknown gateway', () => {
    databaseAtVersion(databaseFile(), 6).close();
    const db = migrateTo(databaseFile(), 7, { legacyGateway: { baseUrl: 'https://gateway.example.com', shopId: '8800' } });
    db.prepare("INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json) VALUES ('job-2', 'planned', 1, 1, 'YTO', 'B1', '{}')").run();
    expect(db.prepare("SELECT gateway_base_url AS baseUrl, gateway_shop_id AS shopId FROM issue_jobs WHERE id = 'job-2'").get()).toEqual({ baseUrl: UNKNOWN_GATEWAY, shopId: UNKNOWN_GATEWAY });
    db.close();
  });
});
