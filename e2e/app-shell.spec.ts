import { expect, test } from './station-fixtures';

test.describe('the renderer shell', () => {
  for (const [locale, name] of [
    ['zh-CN', '电子面单打印站'],
    ['en-US', 'Waybill Print Station'],
  ] as const) {
    // openStation fails the test on any console error or page error.
    test(`shows the app's name for a ${locale} system`, async ({ openStation }) => {
      const page = await openStation(locale);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(name);
    });
  }

  test('switches language at the user’s choice', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    // antd's segmented control hides the radio input itself; a user clicks the visible label.
    await page.getByRole('radiogroup', { name: '语言' }).getByText('English').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Waybill Print Station' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
    await page.getByRole('radiogroup', { name: 'Language' }).getByText('简体中文').click();
    await expect(page.getByRole('heading', { level: 1, name: '电子面单打印站' })).toBeVisible();
  });
});
