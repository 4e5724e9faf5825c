import { chinaDayOf, dayMs } from '../shared/time/china-time';
import type { Locator, Page } from '@playwright/test';
import { exportHistoryCsv, historyWaybills, issueUi, openHistory, planFirstOrders, startDespitePrinterFault } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { uiText, type DeskLocale } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

/** A calendar day in China time (the day the history's date filter counts in), `offsetDays` from today. */
const dayOf = (offsetDays: number) => chinaDayOf(Date.now() + offsetDays * dayMs);

/** Types a date range into the history's range picker, as a keyboard user does. */
async function chooseDates(drawer: Locator, from: string, to: string): Promise<void> {
  const [start, end] = [drawer.locator('.ant-picker-range input').first(), drawer.locator('.ant-picker-range input').last()];
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  await end.fill(to);
  await end.press('Enter');
}

/** Shows only the lines in one state (the states filter holds this one state). */
async function filterOnState(page: Page, drawer: Locator, locale: DeskLocale, state: string): Promise<void> {
  const states = drawer.getByRole('combobox', { name: uiText(locale, 'history.states') });
  // Backspace takes the previous state out of the filter.
  await states.click();
  await states.press('Backspace');
  const label = uiText(locale, `history.state.${state}`);
  // Typing the state's name narrows the list, as a packer looking for one state does.
  await states.fill(label);
  await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: new RegExp(`^${label}$`) }).click();
  await expect(drawer.locator('.ant-select-selection-item')).toHaveText([label]);
  await drawer.getByText(uiText(locale, 'history.title'), { exact: true }).click();
}

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  test.describe(`waybill history (${locale})`, () => {
    test.setTimeout(150_000);

    if (locale === 'zh-CN') test('filters by dates and state, finds by order and waybill number; a void label is neither reprinted nor exported until the mark is cleared', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { page, orders } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 4);
      const ui = issueUi(page, locale);
      // The printer runs out of paper on the first label.
      await ownGateway.emulator.setFault({ kind: 'paper-out', count: 1 });
      await startDespitePrinterFault(page, locale, 4, 'paper-out');
      await expect(ui.summary).toContainText(`${text('issuePrint.job.printed')}3`, { timeout: 30_000 });
      await ui.dismiss.click();
      const waybills = await historyWaybills(request, stationHost);
      expect(waybills).toHaveLength(4);
      const failedCode = ownGateway.emulator.failed()[0]?.documentId ?? '';
      const failed = waybills.find((row) => row.waybillCode === failedCode);
      const [voided, other] = waybills.filter((row) => row.waybillCode !== failedCode);
      if (!failed || !voided || !other) throw new Error('the job did not leave one failed and three printed labels');

      const history = await openHistory(page, locale);
      await expect(history.rows).toHaveCount(4);

      // State.
      await filterOnState(page, history.drawer, locale, 'print-failed');
      await expect(history.rows).toHaveCount(1);
      await expect(history.row(failed.orderNumber)).toContainText(text('history.printState.failed'));
      await saveScreenshot(page, 'history-print-failed', locale);
      await filterOnState(page, history.drawer, locale, 'printed');
      await expect(history.rows).toHaveCount(3);
      await expect(history.row(failed.orderNumber)).toHaveCount(0);
      await history.drawer.getByRole('combobox', { name: text('history.states') }).press('Backspace');
      await expect(history.rows).toHaveCount(4);

      // Dates: nothing was issued yesterday, everything today.
      await chooseDates(history.drawer, dayOf(-1), dayOf(-1));
      await expect(history.rows).toHaveCount(0);
      await chooseDates(history.drawer, dayOf(0), dayOf(0));
      await expect(history.rows).toHaveCount(4);

      // Order number, then waybill number.
      await history.search.fill(other.orderNumber);
      await expect(history.rows).toHaveCount(1);
      await expect(history.row(other.orderNumber)).toContainText(other.waybillCode ?? '');
      await history.search.fill(failed.waybillCode ?? '');
      await expect(history.rows).toHaveCount(1);
      await expect(history.row(failed.orderNumber)).toBeVisible();
      await history.search.fill('');
      await expect(history.rows).toHaveCount(4);

      // The void mark: the label is refused for reprint and left out of the shipping CSV.
      await history.tick(voided.orderNumber);
      await expect(history.drawer.getByText(text('history.voidNote'))).toBeVisible();
      await history.drawer.getByRole('button', { name: text('history.void') }).click();
      // Said at the confirmation: the waybill is not cancelled at the carrier, and what to do instead.
      const confirmation = page.getByRole('dialog').filter({ hasText: text('history.voidConfirm.title', { count: 1 }) });
      await expect(confirmation).toContainText(text('history.voidConfirm.content'));
      await confirmation.getByRole('button', { name: text('history.voidConfirm.ok') }).click();
      await expect(history.row(voided.orderNumber)).toContainText(text('history.state.voided'));
      await filterOnState(page, history.drawer, locale, 'voided');
      await expect(history.rows).toHaveCount(1);
      await saveScreenshot(page, 'history-voided', locale);
      await history.drawer.getByRole('combobox', { name: text('history.states') }).press('Backspace');
      await expect(history.rows).toHaveCount(4);
      await history.row(voided.orderNumber).getByRole('button', { name: text('history.reprint.one', { waybillCode: voided.waybillCode ?? '' }) }).click();
      await expect(page.getByText(text('history.reprint.refused.voided', { waybillCode: voided.waybillCode ?? '' }))).toBeVisible();
      const csvWithVoid = await exportHistoryCsv(page, locale);
      expect(csvWithVoid).not.toContain(voided.orderNumber);
      for (const row of [failed, other]) expect(csvWithVoid).toContain(`${row.orderNumber},`);
      expect(csvWithVoid.trim().split(/\r?\n/)).toHaveLength(4);
      expect(ownGateway.emulator.printed()).toHaveLength(3);

      // Cleared: exported again, and reprinted after the already-printed confirmation.
      await history.drawer.getByRole('button', { name: text('history.unvoid') }).click();
      await expect(history.row(voided.orderNumber)).not.toContainText(text('history.state.voided'));
      const csv = await exportHistoryCsv(page, locale);
      expect(csv).toContain(`${voided.orderNumber},`);
      expect(csv.trim().split(/\r?\n/)).toHaveLength(5);
      await history.row(voided.orderNumber).getByRole('button', { name: text('history.reprint.one', { waybillCode: voided.waybillCode ?? '' }) }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: text('history.reprint.confirmTitle', { count: 1 }) });
      await confirm.getByRole('button', { name: text('history.reprint.confirmOk') }).click();
      await expect(history.row(voided.orderNumber)).toContainText(text('history.printState.printed', { count: 2 }), { timeout: 30_000 });
      expect(ownGateway.emulator.printed().filter((label) => label.documentId === voided.waybillCode)).toHaveLength(2);
      expect(orders).toContain(voided.orderNumber);
    });
  });
}
