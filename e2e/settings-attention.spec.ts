import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStationDatabase } from '../electron/store/local/open-station-database';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

/** What a real desk left in its journal: a job on its gateway, one order pending there. */
const realGateway = { baseUrl: 'https://gateway.example.com', shopId: '8800' };

function leaveRealWork(dataDir: string): void {
  const db = openStationDatabase({ file: join(dataDir, 'station.db') });
  try {
    db.prepare(`INSERT INTO issue_jobs (id, state, created_at, updated_at, carrier_code, branch_code, settings_json, gateway_base_url, shop_ids_json)
      VALUES ('job-real-1', 'issuing', 1, 1, 'YTO', '571001', '{}', @baseUrl, json_array(@shopId))`).run(realGateway);
    db.prepare(`INSERT INTO journal_orders (order_number, job_id, state, updated_at, gateway_base_url, gateway_shop_id)
      VALUES ('3560000000000001', 'job-real-1', 'pending', 1, @baseUrl, @shopId)`).run(realGateway);
  } finally {
    db.close();
  }
}

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  if (locale === 'en') test(`settings that cannot be read while real work waits: the desk says so, issues nothing, and leads to the connection (${locale})`, async ({ openStation, crashStation, restartStation, stationHost }) => {
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const page = await openStation(browserLocale(locale));
    await expect(page.getByRole('button', { name: text('setup.useDemo') })).toBeVisible();
    await crashStation(page);
    leaveRealWork(stationHost.dataDir);
    writeFileSync(join(stationHost.dataDir, 'settings.json'), '{"schemaVersion": 1, "gateway": {"baseUrl": "https://gatew');

    const restarted = await restartStation(browserLocale(locale));
    const recovery = restarted.getByRole('dialog', { name: text('recovery.title') });
    await expect(recovery).toContainText(text('recovery.waiting', { orders: 1, labels: 0, gateway: realGateway.baseUrl, shopId: realGateway.shopId }));
    await saveScreenshot(recovery, 'recovery-waiting', locale);
    // The footer's Close (the title bar has one of the same name).
    await recovery.getByRole('button', { name: text('recovery.close') }).last().click();
    const banner = restarted.getByRole('alert').filter({ hasText: text('settingsNotice.attentionTitle') });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(text('settingsNotice.attentionText'));
    await saveScreenshot(restarted, 'settings-attention', locale);

    // Choosing the connection (here: demo mode, on purpose) ends it.
    await banner.getByRole('button', { name: text('settingsNotice.attentionAction') }).click();
    await restarted.getByRole('button', { name: text('setup.useDemo') }).click();
    await expect(banner).toBeHidden();
  });
}
