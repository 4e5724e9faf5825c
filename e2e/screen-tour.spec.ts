import { aboutEn, aboutZhCN } from '../renderer/src/about/about-text';
import { openDemoDesk } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

/**
 * The screens the issue flows do not pass through, each shown and checked once per language:
 * the first-run setup with its connection test, the full-fetch question, the desk, the shortcut
 * list and About. Their screenshots complete the set in docs/screenshots.
 */
for (const locale of ['zh-CN', 'en'] as const) {
  test(`first run, desk, shortcuts and About (${locale})`, async ({ openStation }) => {
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const about = locale === 'zh-CN' ? aboutZhCN : aboutEn;
    const page = await openStation(browserLocale(locale));

    await expect(page.getByRole('heading', { name: text('setup.welcome') })).toBeVisible();
    await page.getByRole('button', { name: text('setup.test') }).click();
    await expect(page.getByRole('group', { name: text('setup.report.label') })).toBeVisible();
    await saveScreenshot(page, 'setup', locale);

    await openDemoDesk(page, locale, 2000);
    await saveScreenshot(page, 'desk', locale);

    const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
    await grid.focus();
    await page.keyboard.press('Shift+F5');
    const fetchAll = page.getByRole('dialog', { name: text('refresh.confirmTitle') });
    await expect(fetchAll).toContainText(text('refresh.because.no-time-filter'));
    await saveScreenshot(page, 'fetch-all-confirm', locale);
    await fetchAll.getByRole('button', { name: text('common.cancel') }).click();
    await expect(fetchAll).toBeHidden();

    await grid.focus();
    await page.keyboard.press('F1');
    const shortcuts = page.getByRole('dialog', { name: text('shortcuts.title') });
    await expect(shortcuts).toContainText('F8');
    await saveScreenshot(page, 'shortcuts', locale);
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    await page.getByRole('button', { name: about.menu, exact: true }).click();
    const aboutDialog = page.getByRole('dialog', { name: about.title.replace('{{name}}', text('app.name')) });
    await expect(aboutDialog).toContainText(about.dataFolder);
    await expect(aboutDialog).toContainText(about.licences);
    await saveScreenshot(page, 'about', locale);
    await aboutDialog.getByRole('button', { name: about.close }).first().click();
    await expect(aboutDialog).toBeHidden();
  });
}
