import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { findCarrier } from '../shared/domain/carriers';
import { CALIBRATION_LIMIT_MM } from '../shared/domain/printing';
import { SENDER_LIMITS } from '../shared/gateway/issue-limits';
import { chooseOption, openSettingsWithF2, SCREEN_OPENS_MS, settingsHeading, stationCall } from './desk-actions';
import { spooledPdfs } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { expect, test, type StationHostProcess } from './station-fixtures';
import { browserLocale, uiText, type DeskLocale } from './ui-text';

/** The demo emulator's second printer (the first is its default). */
const PRINTER = 'Xprinter XP-460B (100×180)';

/** Opens the desk of a demo station whose setup is done, then Settings with F2. */
async function openSettings(openStation: (locale: 'zh-CN' | 'en-US') => Promise<Page>, request: APIRequestContext, host: StationHostProcess, locale: DeskLocale): Promise<Page> {
  await stationCall(request, host, 'settings.update', { patch: { ui: { setupCompleted: true } } });
  const page = await openStation(browserLocale(locale));
  await expect(page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') })).toBeVisible();
  await openSettingsWithF2(page, locale);
  return page;
}

const section = (page: Page, locale: DeskLocale, id: 'connection' | 'printing' | 'sender' | 'general' | 'advanced') =>
  page.getByRole('region', { name: uiText(locale, `settings.section.${id}`), exact: true });
const saveButton = (page: Page, locale: DeskLocale) => page.getByRole('button', { name: uiText(locale, 'settings.save'), exact: true });

/** Scrolls a part of Settings to the top of the view and saves a screenshot of the window. */
async function screenshotOf(page: Page, part: Locator, name: string, locale: DeskLocale): Promise<void> {
  await part.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await saveScreenshot(page, name, locale);
}

/** Saves and waits for the confirmation that everything is saved. */
async function saveSettings(page: Page, locale: DeskLocale): Promise<void> {
  // The confirmation of an earlier save is gone first, so the one awaited is this save's.
  await expect(page.getByText(uiText(locale, 'settings.saved'))).toHaveCount(0);
  await saveButton(page, locale).click();
  await expect(page.getByText(uiText(locale, 'settings.saved'))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: uiText(locale, 'settings.allSaved') })).toBeVisible();
}

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`Settings (${locale})`, () => {
    if (locale === 'en') test('F2 opens Settings; the sender is saved only when valid, persists, and unsaved changes are not lost silently', async ({ openStation, request, stationHost }) => {
      const page = await openSettings(openStation, request, stationHost, locale);
      await saveScreenshot(page, 'settings', locale);
      // Back to the desk, and the header's button opens Settings too.
      await page.getByRole('button', { name: new RegExp(uiText(locale, 'settings.close')) }).click();
      await expect(settingsHeading(page, locale)).toBeHidden();
      await page.getByRole('banner').getByRole('button', { name: new RegExp(`^${uiText(locale, 'header.settings')}`) }).click();
      await expect(settingsHeading(page, locale)).toBeVisible({ timeout: SCREEN_OPENS_MS });

      const sender = section(page, locale, 'sender');
      const name = sender.getByRole('textbox', { name: uiText(locale, 'settings.sender.name') });
      const phone = sender.getByRole('textbox', { name: uiText(locale, 'settings.sender.phone') });
      await name.fill('王小满');
      await phone.fill('0571-8888abc');
      await expect(sender.getByText(uiText(locale, 'settings.sender.invalid.phone', { max: SENDER_LIMITS.mobile }))).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: uiText(locale, 'settings.unsaved') })).toBeVisible();

      // A margin beyond its limit, in the advanced settings.
      const advanced = section(page, locale, 'advanced');
      await advanced.getByRole('button', { name: uiText(locale, 'settings.advanced.show') }).click();
      const margin = advanced.getByRole('textbox', { name: uiText(locale, 'settings.advanced.margin') });
      await margin.fill('5000');
      await expect(advanced.getByText(uiText(locale, 'settings.advanced.invalid.margin', { min: 0, max: 1000 }))).toBeVisible();

      await saveButton(page, locale).click();
      await expect(page.getByRole('alert').filter({ hasText: uiText(locale, 'settings.fixFields') })).toBeVisible();
      let stored = await stationCall(request, stationHost, 'settings.get', {});
      expect(stored.settings.shipFrom).toMatchObject({ senderName: '', senderPhone: '' });
      expect(stored.settings.gateway.rateLimitMarginMs).toBe(50);
      // The input is kept for correcting.
      await expect(name).toHaveValue('王小满');

      await phone.fill('0571-8888 6666');
      await margin.fill('80');
      await saveSettings(page, locale);
      stored = await stationCall(request, stationHost, 'settings.get', {});
      expect(stored.settings.shipFrom).toMatchObject({ senderName: '王小满', senderPhone: '0571-8888 6666' });
      expect(stored.settings.gateway.rateLimitMarginMs).toBe(80);

      // Still there after a reload.
      await page.reload();
      await expect(page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') })).toBeVisible();
      await openSettingsWithF2(page, locale);
      await expect(name).toHaveValue('王小满');
      await expect(phone).toHaveValue('0571-8888 6666');

      // Leaving with unsaved changes asks first: keep editing, then discard.
      await name.fill('李四');
      const leave = page.getByRole('dialog').filter({ hasText: uiText(locale, 'settings.leave.title') });
      // Esc in an open drop-down list closes the list only, changes unsaved or not.
      const openList = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
      await page.getByRole('combobox', { name: uiText(locale, 'paperwork.slips.size') }).click();
      await expect(openList).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(openList).toBeHidden();
      await expect(leave).toHaveCount(0);
      await expect(settingsHeading(page, locale)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(leave).toBeVisible();
      await leave.getByRole('button', { name: uiText(locale, 'settings.leave.stay') }).click();
      await expect(leave).toBeHidden();
      await expect(name).toHaveValue('李四');
      await page.getByRole('button', { name: new RegExp(uiText(locale, 'settings.close')) }).click();
      await leave.getByRole('button', { name: uiText(locale, 'settings.leave.discard') }).click();
      await expect(leave).toBeHidden();
      await expect(settingsHeading(page, locale)).toBeHidden();
      await openSettingsWithF2(page, locale);
      await expect(name).toHaveValue('王小满');
      expect((await stationCall(request, stationHost, 'settings.get', {})).settings.shipFrom.senderName).toBe('王小满');

      // Nothing unsaved: Esc goes straight back to the desk.
      await page.getByRole('heading', { level: 2, name: uiText(locale, 'settings.title'), exact: true }).click();
      await page.keyboard.press('Escape');
      await expect(settingsHeading(page, locale)).toBeHidden();
    });

    if (locale === 'zh-CN') test('chooses a printer, prints a test label, calibrates its offsets and sets a label size per carrier', async ({ openStation, request, stationHost }) => {
      const page = await openSettings(openStation, request, stationHost, locale);
      const printing = section(page, locale, 'printing');
      await chooseOption(printing.getByRole('combobox', { name: uiText(locale, 'settings.printing.printer'), exact: true }), 'Xprinter');
      const before = (await spooledPdfs(stationHost)).length;
      await printing.getByRole('button', { name: uiText(locale, 'settings.printing.testPrint') }).click();
      await expect(printing.getByText(uiText(locale, 'settings.printing.testPrinted', { printer: PRINTER }))).toBeVisible({ timeout: 30_000 });
      await expect.poll(async () => (await spooledPdfs(stationHost)).length).toBe(before + 1);

      // Calibration: beyond the limit is refused at the field, within it is stored in the component.
      const calibration = printing.getByRole('group', { name: uiText(locale, 'settings.printing.calibration') });
      const horizontal = calibration.getByRole('textbox', { name: uiText(locale, 'settings.printing.horizontal') });
      const vertical = calibration.getByRole('textbox', { name: uiText(locale, 'settings.printing.vertical') });
      await horizontal.fill('45');
      await calibration.getByRole('button', { name: uiText(locale, 'settings.printing.calibrate') }).click();
      const field = uiText(locale, 'settings.printing.horizontal');
      await expect(calibration.getByText(uiText(locale, 'settings.printing.invalid.offsetRange', { field, limit: CALIBRATION_LIMIT_MM }))).toBeVisible();
      expect((await stationCall(request, stationHost, 'printers.get-config', { printer: PRINTER })).horizontalOffset).toBe(0);
      await horizontal.fill('1.5');
      await vertical.fill('-2');
      await calibration.getByRole('button', { name: uiText(locale, 'settings.printing.calibrate') }).click();
      await expect(calibration.getByText(uiText(locale, 'settings.printing.calibrated', { printer: PRINTER, horizontal: 1.5, vertical: -2 }))).toBeVisible();
      expect(await stationCall(request, stationHost, 'printers.get-config', { printer: PRINTER })).toMatchObject({ horizontalOffset: 1.5, verticalOffset: -2 });

      // A label size for a carrier the network info offers.
      const carrier = findCarrier('ZTO');
      const carrierName = `${locale === 'zh-CN' ? carrier?.nameZh : carrier?.nameEn} (ZTO)`;
      await chooseOption(printing.getByRole('combobox', { name: uiText(locale, 'settings.printing.labelSizeFor', { carrier: carrierName }) }), '100');
      await screenshotOf(page, printing.getByRole('combobox', { name: uiText(locale, 'settings.printing.printer'), exact: true }), 'settings-printing', locale);
      await saveSettings(page, locale);
      const stored = await stationCall(request, stationHost, 'settings.get', {});
      expect(stored.settings.print.printer).toBe(PRINTER);
      expect(stored.settings.print.labelSizeByCarrier).toEqual({ ZTO: '100x180' });
      expect((await stationCall(request, stationHost, 'printers.list', {})).effective).toBe(PRINTER);
    });

    if (locale === 'en') test('keeps the advanced settings folded; a vvtype override is set and cleared; the language applies at once', async ({ openStation, request, stationHost }) => {
      const page = await openSettings(openStation, request, stationHost, locale);
      await screenshotOf(page, section(page, locale, 'sender'), 'settings-sender-general', locale);
      const advanced = section(page, locale, 'advanced');
      const endpoint = uiText(locale, 'settings.advanced.endpoint.sold-orders');
      const override = advanced.getByRole('textbox', { name: uiText(locale, 'settings.advanced.vvtypeFor', { endpoint }) });
      await expect(override).toBeHidden();
      await advanced.getByRole('button', { name: uiText(locale, 'settings.advanced.show') }).click();
      await expect(override).toBeVisible();
      await override.fill('100');
      await expect(advanced.getByText(uiText(locale, 'settings.advanced.invalid.vvtype', { endpoint, min: 0, max: 99 }))).toBeVisible();
      await override.fill('1');
      await screenshotOf(page, advanced, 'settings-advanced', locale);
      await saveSettings(page, locale);
      expect((await stationCall(request, stationHost, 'settings.get', {})).settings.gateway.vvtypeOverrides).toEqual({ 'sold-orders': 1 });

      await advanced.getByRole('button', { name: uiText(locale, 'settings.advanced.clearOverride', { endpoint }) }).click();
      await expect(override).toHaveValue('');
      await saveSettings(page, locale);
      expect((await stationCall(request, stationHost, 'settings.get', {})).settings.gateway.vvtypeOverrides).toEqual({});

      // The other language, at once and remembered.
      const other: DeskLocale = 'zh-CN';
      await section(page, locale, 'general')
        .getByRole('radiogroup', { name: uiText(locale, 'settings.general.language') })
        .getByText(uiText(locale, `language.${other}`))
        .click();
      await expect(settingsHeading(page, other)).toBeVisible();
      await expect(section(page, other, 'sender')).toBeVisible();
      await expect.poll(async () => (await stationCall(request, stationHost, 'settings.get', {})).settings.ui.language).toBe(other);
    });
  });
}

for (const locale of ['zh-CN', 'en'] as const) {
  test(`practice mode (${locale}): Settings → Printing gives the demo printer a trouble, the header shows it, and “Printer fixed” ends it`, async ({ openStation, request, stationHost }) => {
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const page = await openSettings(openStation, request, stationHost, locale);
    const practice = section(page, locale, 'printing').getByRole('group', { name: text('printTruth.practice.title') });
    await practice.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const badge = page.getByRole('status', { name: text('printTruth.badgeLabel') });
    for (const [fault, condition] of [['paper-out', 'paper-out'], ['jam', 'jam'], ['offline', 'offline']] as const) {
      await practice.getByRole('button', { name: text(`printTruth.practice.fault.${fault}`) }).click();
      // The header follows the printer (its state is asked every 1.5 s; a timing is the benchmarks', not a test's).
      await expect(badge).toHaveText(text(`printTruth.condition.${condition}`));
      if (fault === 'paper-out') await screenshotOf(page, practice, 'settings-practice', locale);
    }
    await practice.getByRole('button', { name: text('printTruth.practice.fixed') }).click();
    await expect(badge).toHaveText(text('printTruth.condition.ready'));
    // Nothing was changed in the settings themselves: leaving asks nothing.
    await page.keyboard.press('Escape');
    await expect(settingsHeading(page, locale)).toBeHidden();
  });
}
