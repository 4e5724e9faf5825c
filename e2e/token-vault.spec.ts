import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sandboxShopSettings } from '../electron/composition/testing/sandbox-desk';
import { stationCall } from './desk-actions';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText, type DeskLocale } from './ui-text';

const settingsHeading = (page: Page, locale: DeskLocale) => page.getByRole('heading', { level: 2, name: uiText(locale, 'settings.title'), exact: true });

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`a token vault that cannot be read (${locale})`, () => {
    test.use({ useOwnGateway: true });

    if (locale === 'zh-CN') test('the station starts, the desk says so, and a token entered in Settings replaces it', async ({ openStation, crashStation, restartStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('this spec runs against its own gateway');
      await stationCall(request, stationHost, 'settings.update', {
        patch: { ui: { setupCompleted: true }, gateway: { shops: sandboxShopSettings(ownGateway.sandbox) } },
      });
      await crashStation(await openStation(browserLocale(locale)));
      // The vault is damaged while the station is down (a disk error, a bad copy of the data folder).
      await writeFile(join(stationHost.dataDir, 'token.vault'), 'this is not a token vault');
      const page = await restartStation(browserLocale(locale));

      const bar = page.getByRole('group', { name: uiText(locale, 'account.label') });
      await expect(bar.getByText(uiText(locale, 'account.tokenUnreadable'))).toBeVisible();
      await bar.getByRole('button', { name: uiText(locale, 'account.enterToken') }).click();
      await expect(settingsHeading(page, locale)).toBeVisible();
      const connection = page.getByRole('region', { name: uiText(locale, 'settings.section.connection'), exact: true });
      await expect(connection.getByText(uiText(locale, 'setup.tokenUnreadable'))).toBeVisible();

      await connection.getByLabel(uiText(locale, 'setup.token'), { exact: true }).fill(ownGateway.sandbox.token);
      await page.getByRole('button', { name: uiText(locale, 'settings.save'), exact: true }).click();
      await expect(page.getByText(uiText(locale, 'settings.saved'))).toBeVisible();
      await expect(connection.getByText(uiText(locale, 'setup.tokenUnreadable'))).toHaveCount(0);
      const stored = await stationCall(request, stationHost, 'settings.get', {});
      expect(stored.token).toMatchObject({ isSet: true, lastFour: ownGateway.sandbox.token.slice(-4), unreadable: null });
      // The new token works: the gateway answers the subscription with it.
      expect(await stationCall(request, stationHost, 'subscription.get', {})).toHaveProperty('endsAt');
      await page.getByRole('button', { name: new RegExp(uiText(locale, 'settings.close')) }).click();
      await expect(bar.getByText(uiText(locale, 'account.tokenUnreadable'))).toHaveCount(0);
    });
  });
}
