import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationError } from '../../shared/errors/station-error';
import type { SharedModeTestReport } from '../../shared/ipc/ipc-contract';
import { defaultSettings, type SharedModeSettings } from '../../shared/settings/settings-schema';
import type { SharedAccount } from '../store/postgres/shared-account';
import { SHARED_SCHEMA_VERSION } from '../store/postgres/shared-migrations';
import { startPostgresTestServer, type PostgresTestServer } from '../store/postgres/testing/postgres-test-server';
import { TEST_ACCOUNT } from '../store/postgres/testing/shared-test-desks';
import { openSharedClient } from '../store/postgres/open-shared-database';
import { openSharedSchema } from './open-shared-schema';
import { sharedConnectionOf, testSharedConnection } from './test-shared-connection';
import { createSharedCallWindow } from './shared-call-window';
import { createSharedHistory } from '../store/postgres/shared-history';
import { createSharedStatistics } from '../store/postgres/shared-statistics';
import { joinSharedDesk } from '../store/postgres/shared-desks';

// A server with TLS on, its certificate for 127.0.0.1 and localhost signed by a CA of its own (not one this computer trusts).
let server: PostgresTestServer;
const folder = mkdtempSync(join(tmpdir(), 'shared-connection-test-'));
beforeAll(async () => {
  server = await startPostgresTestServer({ tls: { names: ['127.0.0.1', 'localhost'] } });
});
afterAll(() => {
  server.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** Settings → Shared mode as a desk saves them, on a fresh database of `on` (the TLS server unless named). */
async function savedSettings(patch: Partial<SharedModeSettings>, on = server): Promise<SharedModeSettings> {
  const { host, port, database, user } = await on.freshDatabase();
  return { ...defaultSettings().sharedMode, enabled: true, host, port, database, user, ...patch };
}

/** "Test connection" as Settings runs it: the connection read from the settings (the root certificate file too), then connected as a desk of `account`. */
const testConnection = (settings: SharedModeSettings, account: SharedAccount = TEST_ACCOUNT, deskId = 'desk-1'): Promise<SharedModeTestReport> =>
  // Through a promise: reading the settings refuses some before connecting, by throwing.
  Promise.resolve().then(() => testSharedConnection(sharedConnectionOf(settings, server.connection().password), { schema: settings.schema, deskId, deskName: deskId, account }));

const refusalOf = async (settings: SharedModeSettings, account?: SharedAccount): Promise<StationError> => {
  const outcome = await testConnection(settings, account).then(
    () => null,
    (error: unknown) => (error as { error: StationError }).error,
  );
  if (outcome === null) throw new Error('the test connection passed');
  return outcome;
};

describe('Test connection (real PostgreSQL): TLS verifies the server, and a schema belongs to one account', () => {
  it('refuses a server whose certificate no trusted root signed (verify-full by default), and connects once its root certificate file is chosen', async () => {
    const settings = await savedSettings({});
    expect(settings.tls).toBe('verify-full');
    expect(await refusalOf(settings)).toEqual({ code: 'shared-mode.tls-refused', params: { host: '127.0.0.1', reason: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }, retryable: false });
    const report = await testConnection({ ...settings, tlsRootCertificateFile: server.rootCertificateFile ?? '' });
    expect(report).toMatchObject({ schema: settings.schema, schemaVersion: SHARED_SCHEMA_VERSION });
    // Under its other name too: the certificate carries both.
    expect(await testConnection({ ...settings, host: 'localhost', tlsRootCertificateFile: server.rootCertificateFile ?? '' })).toMatchObject({ schemaVersion: SHARED_SCHEMA_VERSION });
  });

  it('checks the host name with verify-full but not with verify-ca', async () => {
    const onlyLocalhost = await startPostgresTestServer({ tls: { names: ['localhost'] } });
    try {
      const settings = await savedSettings({ tlsRootCertificateFile: onlyLocalhost.rootCertificateFile ?? '' }, onlyLocalhost);
      expect(await refusalOf(settings)).toMatchObject({ code: 'shared-mode.tls-refused', params: { host: '127.0.0.1', reason: 'ERR_TLS_CERT_ALTNAME_INVALID' } });
      expect(await testConnection({ ...settings, tls: 'verify-ca' })).toMatchObject({ schemaVersion: SHARED_SCHEMA_VERSION });
      // verify-ca still checks the chain.
      expect(await refusalOf({ ...settings, tls: 'verify-ca', tlsRootCertificateFile: '' })).toMatchObject({ code: 'shared-mode.tls-refused', params: { reason: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } });
    } finally {
      onlyLocalhost.dispose();
    }
  });

  it('says a root certificate file cannot be used, and refuses TLS off to another computer, before connecting', async () => {
    const settings = await savedSettings({});
    const missing = join(folder, 'missing.crt');
    expect(await refusalOf({ ...settings, tlsRootCertificateFile: missing })).toEqual({ code: 'shared-mode.tls-root-unreadable', params: { path: missing, reason: 'ENOENT' }, retryable: false });
    const notPem = join(folder, 'not-a-certificate.txt');
    writeFileSync(notPem, 'hello');
    expect(await refusalOf({ ...settings, tlsRootCertificateFile: notPem })).toEqual({ code: 'shared-mode.tls-root-unreadable', params: { path: notPem, reason: 'no PEM certificate in it' }, retryable: false });
    expect(await refusalOf({ ...settings, host: 'db.warehouse.example', tls: 'off' })).toEqual({ code: 'shared-mode.tls-off-remote', params: { host: 'db.warehouse.example' }, retryable: false });
    // Off to this computer is allowed (the server also takes unencrypted connections).
    expect(await testConnection({ ...settings, tls: 'off' })).toMatchObject({ schemaVersion: SHARED_SCHEMA_VERSION });
  });

  it('records the account on the schema’s first connection, refuses a desk of another account or gateway naming both, and takes the account’s desks again', async () => {
    const settings = await savedSettings({ tlsRootCertificateFile: server.rootCertificateFile ?? '' });
    const accountX: SharedAccount = { gatewayBaseUrl: 'https://gw.example', shops: [{ merchantUserId: 1001, sellerNick: '甲店' }] };
    await testConnection(settings, accountX);

    const accountY: SharedAccount = { gatewayBaseUrl: 'https://gw.example', shops: [{ merchantUserId: 2002, sellerNick: '乙店' }] };
    expect(await refusalOf(settings, accountY)).toEqual({
      code: 'shared-mode.other-account',
      params: { schema: settings.schema, schemaGateway: 'https://gw.example', schemaShops: '甲店 (1001)', deskGateway: 'https://gw.example', deskShops: '乙店 (2002)' },
      retryable: false,
    });
    // The same shop through another gateway is another account.
    expect(await refusalOf(settings, { ...accountX, gatewayBaseUrl: 'https://gw.other.example' })).toMatchObject({ code: 'shared-mode.other-account', params: { schemaGateway: 'https://gw.example', deskGateway: 'https://gw.other.example' } });

    // A desk of X connects again; one that also serves a shop X added since records it, and a desk of that shop alone is then of X too.
    await testConnection(settings, accountX, 'desk-2');
    await testConnection(settings, { ...accountX, shops: [{ merchantUserId: 3003, sellerNick: '丙店' }, ...accountX.shops] }, 'desk-3');
    const report = await testConnection(settings, { ...accountX, shops: [{ merchantUserId: 3003, sellerNick: '丙店' }] }, 'desk-4');
    expect(report.desks.map((desk) => desk.name).sort()).toEqual(['desk-1', 'desk-2', 'desk-3', 'desk-4']);
    expect(await refusalOf(settings, accountY)).toMatchObject({ code: 'shared-mode.other-account', params: { schemaShops: '甲店 (1001), 丙店 (3003)' } });
  });

  it('lets desks work with a role that may only read and write the schema an owner role created (the README’s grants)', async () => {
    const settings = await savedSettings({ tlsRootCertificateFile: server.rootCertificateFile ?? '' });
    const asSuperuser = async (statements: string[]) => {
      const admin = openSharedClient({ ...server.connection(), database: settings.database }, { deskName: 'administrator' });
      await admin.connect();
      try {
        for (const statement of statements) await admin.query(statement);
      } finally {
        await admin.end();
      }
    };
    const password = server.connection().password ?? '';
    await asSuperuser([`CREATE ROLE station_owner LOGIN PASSWORD '${password}'`, `CREATE ROLE station_desk LOGIN PASSWORD '${password}'`, `GRANT CREATE ON DATABASE ${settings.database} TO station_owner`]);
    // Until the owner created the schema, the desk role cannot.
    expect(await refusalOf({ ...settings, user: 'station_desk' })).toMatchObject({ code: 'shared-mode.refused' });
    await testConnection({ ...settings, user: 'station_owner' });
    await asSuperuser([
      `GRANT USAGE ON SCHEMA waybill_station TO station_desk`,
      `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA waybill_station TO station_desk`,
      `GRANT USAGE ON ALL SEQUENCES IN SCHEMA waybill_station TO station_desk`,
      `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA waybill_station TO station_desk`,
    ]);
    const deskSettings = { ...settings, user: 'station_desk' };
    expect((await testConnection(deskSettings, TEST_ACCOUNT, 'desk-2')).migrated).toEqual([]);
    const connection = sharedConnectionOf(deskSettings, password);
    const desk = await openSharedSchema(connection, { schema: settings.schema, deskId: 'desk-2', deskName: 'desk-2', account: TEST_ACCOUNT });
    try {
      // The desk's process joins and takes a call's start: functions and tables as the desk role.
      const access = { pool: desk.pool, schema: settings.schema, deskId: 'desk-2', bootId: 'boot-2', connection };
      expect(await joinSharedDesk(desk.pool, settings.schema, { ...access, name: 'desk-2' })).toBe(true);
      expect((await createSharedCallWindow(access).take()).sendable()).toBe(true);
      // Its waybills, prints and void marks keep the account's statistics (the rollup's triggers run as the desk role).
      const history = createSharedHistory(access);
      const gateway = { baseUrl: 'demo', shopId: 'shop-1' };
      await history.recordWaybills(gateway, 'job-1', [{ waybillCode: 'YT1', parentWaybillCode: null, orderNumbers: ['T1'], carrierCode: 'YTO', branchCode: 'B1', issuedAt: Date.now(), printDataText: null }]);
      await history.recordPrints([{ printId: 'p1', gateway, waybillCode: 'YT1', printedAt: Date.now() }]);
      await history.setVoid(gateway, ['YT1'], Date.now(), 'damaged');
      expect(await createSharedStatistics(access).figures({ from: Date.now() - 3_600_000, to: Date.now() + 3_600_000 }, ['desk'])).toEqual([
        { keys: ['desk-2'], waybills: 1, splitParcels: 0, labelsPrinted: 1, reprints: 0, voids: 1 },
      ]);
      // It sends its own statistics' hours (in place of what it sent before) as the desk role too.
      const hour = Date.now() - (Date.now() % 3_600_000);
      const own = { failures: 1, calls: 1, points: 2, heldBack: 0, verified: 0, mismatches: 0, overrides: 0 };
      const sent = { hours: [hour], figures: [{ hour, shop: 'shop-1', carrier: 'YTO', branch: 'B1', ...own }], failures: [{ hour, reason: 'gateway.timeout', failures: 1 }], operators: [] };
      await createSharedStatistics(access).replaceDeskHours(sent);
      await createSharedStatistics(access).replaceDeskHours(sent);
      expect(await createSharedStatistics(access).deskFigures({ from: hour, to: hour + 3_600_000 }, ['desk'])).toEqual([{ keys: ['desk-2'], ...own }]);
      await expect(desk.pool.query('CREATE TABLE waybill_station.not_allowed (id int)')).rejects.toMatchObject({ code: '42501' });
    } finally {
      await desk.close();
    }
  });
});
