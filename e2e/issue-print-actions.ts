import type { APIRequestContext, Page } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chooseOption, scan, stationCall } from './desk-actions';
import { loadOrders, openOwnGatewayDesk } from './own-gateway-desk';
import { expect, type OpenStation, type OwnGateway, type StationHostProcess } from './station-fixtures';
import { uiText, type DeskLocale } from './ui-text';

/** The PDFs the demo print emulator wrote: one per printed label. */
export async function spooledPdfs(host: StationHostProcess): Promise<string[]> {
  const files = await readdir(join(host.dataDir, 'demo', 'spool')).catch(() => []);
  return files.filter((file) => file.endsWith('.pdf'));
}

/** These orders of the account's first shop (the one the orders table lists), as `issue.plan` takes them. */
export async function ofFirstShop(request: APIRequestContext, host: StationHostProcess, orderNumbers: readonly string[]): Promise<{ shopId: string; orderNumber: string }[]> {
  const { settings } = await stationCall(request, host, 'settings.get', {});
  const shopId = settings.gateway.shops[0]?.shopId ?? '';
  return orderNumbers.map((orderNumber) => ({ shopId, orderNumber }));
}

/**
 * Order numbers of the loaded orders, split by whether the issue rules accept them (asked of the
 * station's own plan, which only records a planned job and issues nothing).
 */
export async function validAndInvalidOrders(request: APIRequestContext, host: StationHostProcess, count: number): Promise<{ valid: string[]; invalid: string[] }> {
  const { rows } = await stationCall(request, host, 'orders.list', {});
  const numbers = rows.map((row) => row.order.orderNumber).slice(0, count);
  const plan = await stationCall(request, host, 'issue.plan', { orders: await ofFirstShop(request, host, numbers), merge: false, keepApart: [] });
  const invalid = plan.invalid.map((order) => order.orderNumber);
  return { valid: numbers.filter((number) => !invalid.includes(number) && /^[0-9]+$/.test(number)), invalid };
}

/**
 * Two valid orders of the own gateway's shop for the held-back tests: one of an order status other
 * than 1 (the one to hold back) and one of status 1, with the held one's status.
 */
export async function heldAndPlainOrders(request: APIRequestContext, host: StationHostProcess, gateway: OwnGateway): Promise<{ held: string; plain: string; heldStatus: number }> {
  const { valid } = await validAndInvalidOrders(request, host, 40);
  const statusOf = new Map(gateway.sandbox.orders().map((order) => [order.orderSn, order.orderStatus]));
  const held = valid.find((orderNumber) => statusOf.get(orderNumber) !== 1);
  const plain = valid.find((orderNumber) => statusOf.get(orderNumber) === 1);
  if (!held || !plain) throw new Error('the demo shop has no valid order of another status than 1');
  return { held, plain, heldStatus: statusOf.get(held) ?? 0 };
}

/** Selects orders by scanning their numbers with the focus on the table, each scan checked before the next. */
export async function selectByScanning(page: Page, locale: DeskLocale, orderNumbers: readonly string[]): Promise<void> {
  const grid = page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') });
  await grid.focus();
  await expect(grid).toBeFocused();
  const result = page.getByLabel(uiText(locale, 'scan.resultLabel'));
  for (const orderNumber of orderNumbers) {
    await scan(page, orderNumber);
    await expect(result).toContainText(uiText(locale, 'scan.outcome.selected', { orderNumber }));
  }
}

/** The preview dialog of a held job's first label. */
export const labelPreviewDialog = (page: Page, locale: DeskLocale) => page.getByRole('dialog', { name: uiText(locale, 'issuePrint.preview.title') });

/**
 * The desk flow holds printing for a look at the first label: waits for the preview (its image,
 * or the reason there is none) and "Print all N" once every one of the N labels is issued, then
 * prints them.
 */
export async function confirmLabelPreview(page: Page, locale: DeskLocale, labels: number): Promise<void> {
  const preview = labelPreviewDialog(page, locale);
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('group', { name: uiText(locale, 'issuePrint.preview.imagesLabel') }).getByRole('img').or(preview.getByRole('alert').first())).toBeVisible({ timeout: 30_000 });
  await preview.getByRole('button', { name: uiText(locale, 'issuePrint.preview.printAll', { count: labels }) }).click({ timeout: 30_000 });
  await expect(preview).toBeHidden();
}

/** The issue & print drawer and its parts, in one language. */
export function issueUi(page: Page, locale: DeskLocale) {
  const drawer = page.getByRole('dialog', { name: uiText(locale, 'issuePrint.title') });
  return {
    drawer,
    figures: drawer.getByLabel(uiText(locale, 'issuePrint.plan.figures')),
    start: (count: number) => drawer.getByRole('button', { name: uiText(locale, 'issuePrint.plan.start', { count }) }),
    startFirstK: (count: number) => drawer.getByRole('button', { name: uiText(locale, 'issuePrint.plan.startFirstK', { count }) }),
    stopped: drawer.getByRole('region', { name: uiText(locale, 'errorFlows.stoppedLabel') }),
    retry: drawer.getByRole('button', { name: uiText(locale, 'issuePrint.job.retry') }),
    cancel: drawer.getByRole('button', { name: uiText(locale, 'issuePrint.job.cancel') }),
    dismiss: drawer.getByRole('button', { name: uiText(locale, 'issuePrint.job.dismiss') }),
    printing: drawer.getByLabel(uiText(locale, 'issuePrint.job.printingProgress')),
    printedAll: (count: number) => uiText(locale, 'issuePrint.job.printingCount', { printed: count, total: count }),
    summary: drawer.getByLabel(uiText(locale, 'issuePrint.job.summaryLabel')),
    ending: (ending: 'done' | 'cancelled' | 'failed') => drawer.getByText(uiText(locale, `issuePrint.job.ending.${ending}`)),
    jobOrder: (orderNumber: string) => drawer.getByRole('table', { name: uiText(locale, 'issuePrint.job.ordersLabel') }).getByRole('row').filter({ hasText: orderNumber }),
  };
}

/** Presses the desk's "Issue and print N" for the selected orders and waits for their plan. */
export async function openIssuePlan(page: Page, locale: DeskLocale, selected: number): Promise<void> {
  await page.getByRole('button', { name: uiText(locale, 'issuePrint.action', { count: selected }) }).click();
  await expect(issueUi(page, locale).figures).toBeVisible();
}

/**
 * Starts the job of the open plan: every package, or with `firstK` only the first K the branch's
 * balance covers; then, as the desk flow asks, looks at the first label and prints all `count`
 * (`preview: 'leave'` leaves the preview open, e.g. to stop the job instead).
 */
export async function startIssueAndPrint(page: Page, locale: DeskLocale, count: number, options: { firstK?: boolean; preview?: 'confirm' | 'leave' } = {}): Promise<void> {
  const ui = issueUi(page, locale);
  await (options.firstK ? ui.startFirstK(count) : ui.start(count)).click();
  if (options.preview !== 'leave') await confirmLabelPreview(page, locale, count);
}

/** The question Start asks while the printer is known to be faulty. */
export function printerFaultQuestion(page: Page, locale: DeskLocale, condition: string) {
  const title = uiText(locale, 'issuePrint.plan.printerFaultAsk', { condition: uiText(locale, `printTruth.condition.${condition}`) });
  return page.locator('.ant-modal-confirm').filter({ hasText: title });
}

/**
 * Starts the plan while the printer is known to be faulty (`condition`): the header and the plan
 * say so, Start asks, and the desk issues now to print later.
 */
export async function startDespitePrinterFault(page: Page, locale: DeskLocale, count: number, condition: string): Promise<void> {
  const ui = issueUi(page, locale);
  const words = uiText(locale, `printTruth.condition.${condition}`);
  await expect(page.getByRole('status', { name: uiText(locale, 'printTruth.badgeLabel') })).toHaveText(words, { timeout: 10_000 });
  await expect(ui.drawer).toContainText(uiText(locale, 'issuePrint.plan.printerFault', { condition: words }));
  await ui.start(count).click();
  const question = printerFaultQuestion(page, locale, condition);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: uiText(locale, 'issuePrint.plan.issueNowPrintLater') }).click();
  await confirmLabelPreview(page, locale, count);
}

/** Opens the desk against the test's own sandbox in a language, selects the first valid orders and opens their plan. */
export async function planFirstOrders(
  openStation: OpenStation,
  locale: DeskLocale,
  request: APIRequestContext,
  host: StationHostProcess,
  gateway: OwnGateway,
  count: number,
  loaded = 40,
): Promise<{ page: Page; orders: string[] }> {
  const page = await openOwnGatewayDesk(openStation, request, host, gateway, loaded, locale);
  const orders = (await validAndInvalidOrders(request, host, loaded)).valid.slice(0, count);
  await selectByScanning(page, locale, orders);
  await openIssuePlan(page, locale, count);
  return { page, orders };
}

/** First run in demo mode in a language: the demo desk with its orders loaded, shipping from ZTO. */
export async function openDemoDesk(page: Page, locale: DeskLocale, orders: number): Promise<void> {
  await page.getByRole('button', { name: uiText(locale, 'setup.useDemo') }).click();
  await loadOrders(page, locale, orders);
  const shipFrom = page.getByRole('region', { name: uiText(locale, 'shipFrom.label') });
  await chooseOption(shipFrom.getByRole('combobox', { name: uiText(locale, 'shipFrom.carrier') }), 'ZTO');
  await expect(shipFrom).toContainText('57112');
}

/** The waybill history drawer, opened from the desk, with its parts. */
export async function openHistory(page: Page, locale: DeskLocale) {
  await page.getByRole('button', { name: uiText(locale, 'history.open') }).click();
  const drawer = page.getByRole('dialog', { name: uiText(locale, 'history.title') });
  await expect(drawer).toBeVisible();
  const table = drawer.getByRole('table', { name: uiText(locale, 'history.tableLabel') });
  return {
    drawer,
    search: drawer.getByRole('searchbox', { name: uiText(locale, 'history.searchPlaceholder') }),
    /** The lines shown (an empty table shows none). */
    rows: table.locator('tbody > tr[aria-selected]'),
    row: (text: string) => table.getByRole('row').filter({ hasText: text }),
    /** Ticks or unticks the line of an order. */
    tick: (orderNumber: string) => table.getByRole('checkbox', { name: orderNumber, exact: true }).click(),
  };
}

/** Presses the history's CSV export and answers the downloaded file's text. */
export async function exportHistoryCsv(page: Page, locale: DeskLocale): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('dialog', { name: uiText(locale, 'history.title') }).getByRole('button', { name: uiText(locale, 'history.exportCsv') }).click();
  return readFile(await (await download).path(), 'utf8');
}

/** The history's lines that carry a waybill, read from the station (what the page should agree with). */
export async function historyWaybills(request: APIRequestContext, host: StationHostProcess) {
  const { rows } = await stationCall(request, host, 'history.search', { limit: 1000 });
  return rows.filter((row) => row.waybillCode !== null);
}
