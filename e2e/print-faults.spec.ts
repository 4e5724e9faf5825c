import { setTimeout as delay } from 'node:timers/promises';
import type { Page } from '@playwright/test';
import type { PrintEmulator } from '../electron/demo/print-emulator/print-emulator';
import { createEmulatorRenderers } from '../electron/demo/print-emulator/emulator-renderers';
import { stationCall } from './desk-actions';
import { historyWaybills, issueUi, labelPreviewDialog, planFirstOrders, printerFaultQuestion, startDespitePrinterFault, startIssueAndPrint } from './issue-print-actions';
import { replacePrintEmulator } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test, type OwnGateway } from './station-fixtures';
import { uiText, type DeskLocale } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

/** Issue calls that reached the sandbox: "print again" must never add one. */
const issueCalls = (gateway: OwnGateway) => gateway.sandbox.calls().filter((call) => call.endpoint === 'issue').length;

/** The printer state badge in the header. */
const printerBadge = (page: Page, locale: DeskLocale) => page.getByRole('status', { name: uiText(locale, 'printTruth.badgeLabel') });

/** The printer faults that make labels fail, the packer's word for each, and the component's own words. */
const failingFaults = [
  { kind: 'paper-out', locale: 'zh-CN', condition: 'paper-out', words: 'Printer out of paper.', error: 'print.paper-out' },
  { kind: 'jam', locale: 'en', condition: 'jam', words: 'Paper jam.', error: 'print.paper-jam' },
  { kind: 'offline', locale: 'zh-CN', condition: 'offline', words: 'Printer is offline.', error: 'print.printer-offline' },
] as const;

test.describe('a label that does not come out', () => {
  test.setTimeout(150_000);

  for (const fault of failingFaults) {
    test(`${fault.kind} (${fault.locale}): the job says which labels did not print and why, the header says so, and "print again" prints exactly those once, issuing nothing`, async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const { locale } = fault;
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
      const { page, orders } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 4);
      const ui = issueUi(page, locale);
      await ownGateway.emulator.setFault({ kind: fault.kind });
      // Known before Start: the plan says so and Start asks; the desk issues now, to print later.
      await startDespitePrinterFault(page, locale, 4, fault.condition);

      // The summary never shows success: four labels did not print, in red, with the printer's words.
      const truth = ui.drawer.getByRole('region', { name: text('printTruth.summary.problemsLabel') });
      await expect(truth).toContainText(text('printTruth.summary.notPrintedTitle', { count: 4 }), { timeout: 30_000 });
      await expect(truth).toContainText(text(`printTruth.condition.${fault.condition}`));
      await expect(truth).toContainText(fault.words);
      await expect(truth.getByLabel(text('printTruth.summary.label'))).toContainText(`${text('printTruth.summary.notPrinted')}4`);
      await expect(ui.drawer.locator('.ant-result-error')).toContainText(text('printTruth.summary.notPrintedTitle', { count: 4 }));
      await expect(ui.ending('done')).toHaveCount(0);
      await expect(ui.drawer.locator('.ant-result-success')).toHaveCount(0);
      // The header says what the printer has, outside the job too.
      await expect(printerBadge(page, locale)).toHaveText(text(`printTruth.condition.${fault.condition}`));
      if (fault.kind !== 'offline') await saveScreenshot(page, 'labels-not-printed', locale);
      // The history keeps the printer's words.
      const failedRows = (await stationCall(request, stationHost, 'history.search', { states: ['print-failed'], limit: 10 })).rows;
      expect(failedRows.map((row) => row.printError?.code)).toEqual([fault.error, fault.error, fault.error, fault.error]);
      expect(ownGateway.emulator.printed()).toHaveLength(0);

      // The printer is fixed: "print the 4 again" prints exactly those, once each; nothing is issued again.
      const callsBefore = issueCalls(ownGateway);
      await ownGateway.emulator.setFault(null);
      await truth.getByRole('button', { name: text('printTruth.summary.printAgain', { count: 4 }) }).click();
      await expect(ui.printing).toContainText(ui.printedAll(4), { timeout: 30_000 });
      await expect(ui.ending('done')).toBeVisible();
      await expect(truth).toHaveCount(0);
      await expect(printerBadge(page, locale)).toHaveText(text('printTruth.condition.ready'), { timeout: 15_000 });
      const waybills = ownGateway.sandbox.issuedWaybills();
      expect(waybills.flatMap((waybill) => waybill.orderNumbers).sort()).toEqual([...orders].sort());
      expect(ownGateway.emulator.printed().map((label) => label.documentId).sort()).toEqual(waybills.map((waybill) => waybill.waybillCode).sort());
      expect(issueCalls(ownGateway)).toBe(callsBefore);
    });
  }

  for (const locale of ['en', 'zh-CN'] as const) {
    test(`a printer known to be out of paper (${locale}): the plan says so, Start asks, "fix the printer first" issues nothing, and once it is fixed Start goes on without asking`, async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      const ui = issueUi(page, locale);
      await ownGateway.emulator.setFault({ kind: 'paper-out' });
      const words = text('printTruth.condition.paper-out');
      await expect(printerBadge(page, locale)).toHaveText(words, { timeout: 10_000 });
      await expect(ui.drawer).toContainText(text('issuePrint.plan.printerFault', { condition: words }));
      await ui.start(2).click();
      const question = printerFaultQuestion(page, locale, 'paper-out');
      await expect(question).toContainText(text('issuePrint.plan.printerFaultChoice'));
      await saveScreenshot(page, 'plan-printer-fault', locale);
      await question.getByRole('button', { name: text('issuePrint.plan.fixPrinterFirst') }).click();
      await expect(question).toBeHidden();
      expect(issueCalls(ownGateway)).toBe(0);

      // Paper loaded: the header follows (the printer is read every 1.5 s), the plan's warning goes, and Start asks nothing.
      await ownGateway.emulator.setFault(null);
      await expect(printerBadge(page, locale)).toHaveText(text('printTruth.condition.ready'), { timeout: 10_000 });
      await expect(ui.drawer).not.toContainText(text('issuePrint.plan.printerFault', { condition: words }));
      await startIssueAndPrint(page, locale, 2);
      await expect(ui.printing).toContainText(ui.printedAll(2), { timeout: 30_000 });
      expect(issueCalls(ownGateway)).toBe(1);
    });
  }

  test('labels of unknown outcome (zh-CN): amber, "may not have printed", and printing them again asks first, then prints each once', async ({ openStation, request, stationHost, ownGateway }) => {
    if (!ownGateway) throw new Error('the own gateway did not start');
    const locale = 'zh-CN';
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    // A printer slow to draw: the component accepts the labels, then its machine restarts and forgets them.
    const slow = await replacePrintEmulator(ownGateway.emulator, { renderDelayMs: 8_000 });
    let fresh: PrintEmulator | null = null;
    try {
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      const ui = issueUi(page, locale);
      await startIssueAndPrint(page, locale, 2);
      await expect
        .poll(async () => (await historyWaybills(request, stationHost)).filter((row) => row.printState === 'accepted').length, { timeout: 30_000, intervals: [100] })
        .toBe(2);
      fresh = await replacePrintEmulator(slow);
      const truth = ui.drawer.getByRole('region', { name: text('printTruth.summary.problemsLabel') });
      await expect(truth).toContainText(text('printTruth.summary.unknownTitle', { count: 2 }), { timeout: 45_000 });
      await expect(truth.getByLabel(text('printTruth.summary.label'))).toContainText(`${text('printTruth.summary.unknown')}2`);
      await expect(ui.drawer.locator('.ant-result-warning')).toContainText(text('printTruth.summary.unknownTitle', { count: 2 }));
      await expect(ui.drawer.locator('.ant-result-success')).toHaveCount(0);

      const callsBefore = issueCalls(ownGateway);
      await truth.getByRole('button', { name: text('printTruth.summary.printAgain', { count: 2 }) }).click();
      const confirm = page.getByRole('dialog', { name: text('printTruth.summary.confirmTitle') });
      await expect(confirm).toContainText(text('printTruth.summary.confirmBody', { count: 2 }));
      expect(fresh.received()).toEqual([]);
      await confirm.getByRole('button', { name: text('printTruth.summary.confirmOk') }).click();
      await expect(ui.ending('done')).toBeVisible({ timeout: 30_000 });
      await expect(truth).toHaveCount(0);
      const waybills = ownGateway.sandbox.issuedWaybills().map((waybill) => waybill.waybillCode);
      expect(fresh.printed().map((label) => label.documentId).sort()).toEqual([...waybills].sort());
      expect(issueCalls(ownGateway)).toBe(callsBefore);
    } finally {
      await fresh?.close();
      await slow.close();
    }
  });

  // English with 3 labels; Chinese with a job's first call of 10, as a packer met it.
  for (const [locale, count] of [['en', 3], ['zh-CN', 10]] as const) {
    test(`a stalled component (${locale}, ${count} labels): "printer not responding" with what to check and the ways on; Retry prints each waiting label once, issuing nothing`, async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
      await stationCall(request, stationHost, 'settings.update', { patch: { print: { stallSeconds: 5 } } });
      const { page, orders } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, count);
      const ui = issueUi(page, locale);
      await startIssueAndPrint(page, locale, count, { preview: 'leave' });
      const preview = labelPreviewDialog(page, locale);
      await expect(preview.getByRole('group', { name: text('issuePrint.preview.imagesLabel') }).getByRole('img')).toBeVisible({ timeout: 30_000 });
      await expect(preview.getByRole('button', { name: text('issuePrint.preview.printAll', { count }) })).toBeEnabled({ timeout: 30_000 });
      // The component hangs: it reads every request and answers none.
      await ownGateway.emulator.setFault({ kind: 'stall' });
      await preview.getByRole('button', { name: text('issuePrint.preview.printAll', { count }) }).click();

      const stall = ui.drawer.getByRole('region', { name: text('printTruth.stall.label') });
      await expect(stall).toContainText(text('printTruth.stall.title', { seconds: 5, count }), { timeout: 30_000 });
      await expect(stall).toContainText(text('printTruth.check.not-responding'));
      await expect(stall.getByRole('button', { name: text('printTruth.stall.cancelRest') })).toBeVisible();
      await expect(stall.getByRole('combobox', { name: text('printTruth.stall.choosePrinter') })).toBeVisible();
      await expect(printerBadge(page, locale)).toHaveText(text('printTruth.condition.not-responding'));
      await saveScreenshot(page, 'printer-not-responding', locale);
      expect(ownGateway.emulator.printed()).toHaveLength(0);

      const callsBefore = issueCalls(ownGateway);
      await ownGateway.emulator.setFault(null);
      await stall.getByRole('button', { name: text('printTruth.stall.retry') }).click();
      // The header follows the printer's recovery (one state poll, every 1.5 s, and a redraw).
      await expect(printerBadge(page, locale)).not.toHaveText(text('printTruth.condition.not-responding'));
      // The component never took the labels: they print, or, where the station cannot tell, the desk is asked before they print
      // again — within 10 s of Retry, never a "checking" that lasts.
      const truth = ui.drawer.getByRole('region', { name: text('printTruth.summary.problemsLabel') });
      await expect(ui.printing.getByText(ui.printedAll(count)).or(truth)).toBeVisible({ timeout: 10_000 });
      if (await truth.isVisible()) {
        await truth.getByRole('button', { name: text('printTruth.summary.printAgain', { count }) }).click();
        await page.getByRole('dialog', { name: text('printTruth.summary.confirmTitle') }).getByRole('button', { name: text('printTruth.summary.confirmOk') }).click();
      }
      await expect(ui.printing).toContainText(ui.printedAll(count), { timeout: 45_000 });
      await expect(ui.ending('done')).toBeVisible();
      await expect(stall).toHaveCount(0);
      const waybills = ownGateway.sandbox.issuedWaybills();
      expect(waybills.flatMap((waybill) => waybill.orderNumbers).sort()).toEqual([...orders].sort());
      expect(ownGateway.emulator.printed().map((label) => label.documentId).sort()).toEqual(waybills.map((waybill) => waybill.waybillCode).sort());
      expect(issueCalls(ownGateway)).toBe(callsBefore);
      await expect(printerBadge(page, locale)).toHaveText(text('printTruth.condition.ready'), { timeout: 15_000 });
    });
  }

  test('a slow printer (zh-CN): the header says printing while it works, no stall is called, every label prints once', async ({ openStation, request, stationHost, ownGateway }) => {
    if (!ownGateway) throw new Error('the own gateway did not start');
    const locale = 'zh-CN';
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    await stationCall(request, stationHost, 'settings.update', { patch: { print: { stallSeconds: 5 } } });
    const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 3);
    const ui = issueUi(page, locale);
    await ownGateway.emulator.setFault({ kind: 'slow', delayMs: 2_000 });
    await startIssueAndPrint(page, locale, 3);
    await expect(printerBadge(page, locale)).toHaveText(text('printTruth.condition.printing'), { timeout: 15_000 });
    await expect(ui.printing).toContainText(ui.printedAll(3), { timeout: 45_000 });
    await expect(ui.ending('done')).toBeVisible();
    await expect(ui.drawer.getByRole('region', { name: text('printTruth.stall.label') })).toHaveCount(0);
    await expect(ui.drawer.getByRole('region', { name: text('printTruth.summary.problemsLabel') })).toHaveCount(0);
    expect(ownGateway.emulator.printed()).toHaveLength(3);
    expect((await historyWaybills(request, stationHost)).every((row) => row.printState === 'printed')).toBe(true);
  });

  test('the first-label check (en): neither the button nor Enter prints before the first label is drawn', async ({ openStation, request, stationHost, ownGateway }) => {
    if (!ownGateway) throw new Error('the own gateway did not start');
    const locale = 'en';
    const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
    const renderers = createEmulatorRenderers();
    let slowPreview: PrintEmulator | null = null;
    try {
      // A component that takes four seconds to draw a preview.
      slowPreview = await replacePrintEmulator(ownGateway.emulator, {
        renderPreview: async (document, paper) => {
          await delay(4_000);
          return renderers.image(document, paper);
        },
      });
      const { page } = await planFirstOrders(openStation, locale, request, stationHost, ownGateway, 2);
      await startIssueAndPrint(page, locale, 2, { preview: 'leave' });
      const preview = labelPreviewDialog(page, locale);
      await expect(preview).toBeVisible({ timeout: 30_000 });
      await expect(preview).toContainText(text('printTruth.preview.drawing'));
      const printAll = preview.getByRole('button', { name: text('issuePrint.preview.printAll', { count: 2 }) });
      await expect(printAll).toBeDisabled({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      await delay(500);
      await expect(preview).toBeVisible();
      expect(slowPreview.received().filter((task) => !task.preview)).toEqual([]);

      await expect(preview.getByRole('group', { name: text('issuePrint.preview.imagesLabel') }).getByRole('img')).toBeVisible({ timeout: 30_000 });
      await expect(printAll).toBeEnabled();
      await page.keyboard.press('Enter');
      await expect(preview).toBeHidden();
      await expect(issueUi(page, locale).printing).toContainText(issueUi(page, locale).printedAll(2), { timeout: 30_000 });
      expect(slowPreview.printed()).toHaveLength(2);
    } finally {
      await slowPreview?.close();
    }
  });
});
