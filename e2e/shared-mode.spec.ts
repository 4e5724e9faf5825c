import { hostname } from 'node:os';
import { openSharedClient, type SharedConnectionSettings } from '../electron/store/postgres/open-shared-database';
import { SHARED_MIGRATION_NAMES, SHARED_SCHEMA_VERSION } from '../electron/store/postgres/shared-migrations';
import { startPostgresTestServer, type PostgresTestServer } from '../electron/store/postgres/testing/postgres-test-server';
import { openSettingsWithF2, stationCall } from './desk-actions';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

let server: PostgresTestServer;
test.beforeAll(async () => {
  server = await startPostgresTestServer();
});
test.afterAll(() => server.dispose());

/** PostgreSQL's version as the server states it (the report shows it). */
async function serverVersion(database: SharedConnectionSettings): Promise<string> {
  const client = openSharedClient(database, { deskName: 'e2e' });
  await client.connect();
  try {
    return ((await client.query<{ server_version: string }>('SHOW server_version')).rows[0] as { server_version: string }).server_version;
  } finally {
    await client.end();
  }
}

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  if (locale === 'zh-CN') test(`Settings → Shared mode connects to a real PostgreSQL, creates the shared tables, then finds them current (${locale})`, async ({ openStation, request, stationHost }) => {
    const database = await server.freshDatabase();
    const version = await serverVersion(database);
    await stationCall(request, stationHost, 'settings.update', { patch: { ui: { setupCompleted: true } } });
    const page = await openStation(browserLocale(locale));
    await expect(page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') })).toBeVisible();
    await openSettingsWithF2(page, locale);

    const section = page.getByRole('region', { name: uiText(locale, 'settings.section.sharedMode'), exact: true });
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText(uiText(locale, 'settings.sharedMode.purpose'))).toBeVisible();
    await expect(section.getByRole('switch', { name: uiText(locale, 'settings.sharedMode.enabled') })).not.toBeChecked();
    await section.getByRole('switch', { name: uiText(locale, 'settings.sharedMode.enabled') }).click();
    const field = (key: string) => section.getByRole('textbox', { name: uiText(locale, `settings.sharedMode.${key}`), exact: true });
    await field('host').fill(database.host);
    await field('port').fill(String(database.port));
    await field('database').fill(database.database);
    await field('user').fill(database.user);
    await section.getByLabel(uiText(locale, 'settings.sharedMode.password'), { exact: true }).fill(database.password ?? '');
    await section.getByText(uiText(locale, 'settings.sharedMode.tlsOff'), { exact: true }).click();
    await expect(section.getByRole('radio', { name: uiText(locale, 'settings.sharedMode.tlsOff') })).toBeChecked();
    await expect(field('deskName')).toHaveAttribute('placeholder', hostname());

    const test = section.getByRole('button', { name: uiText(locale, 'settings.sharedMode.test') });
    await test.click();
    const connected = uiText(locale, 'settings.sharedMode.connected', { serverVersion: version, schema: 'waybill_station', schemaVersion: SHARED_SCHEMA_VERSION });
    await expect(section.getByText(connected)).toBeVisible({ timeout: 15_000 });
    await expect(section.getByText(uiText(locale, 'settings.sharedMode.migrated', { migrations: SHARED_MIGRATION_NAMES.join(', ') }))).toBeVisible();
    await expect(section.getByText(uiText(locale, 'settings.sharedMode.desks', { count: 1, names: hostname() }))).toBeVisible();
    // The password was stored and left the form: only that one is stored shows.
    await expect(section.getByLabel(uiText(locale, 'settings.sharedMode.password'), { exact: true })).toHaveValue('');
    await expect(section.getByText(uiText(locale, 'settings.sharedMode.passwordStored'))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: uiText(locale, 'settings.allSaved') })).toBeVisible();
    await section.getByRole('button', { name: uiText(locale, 'settings.sharedMode.test') }).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await saveScreenshot(page, 'settings-shared-mode', locale);

    // A second test finds the schema current: nothing is migrated again.
    await test.click();
    await expect(section.getByText(uiText(locale, 'settings.sharedMode.upToDate'))).toBeVisible({ timeout: 15_000 });
    await expect(section.getByText(connected)).toBeVisible();
  });
}
