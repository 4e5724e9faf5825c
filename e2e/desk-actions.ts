import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ChannelInput, ChannelName, ChannelOutput } from '../shared/ipc/ipc-contract';
import type { PageGlobals } from './page-dom';
import { sendScannerBurst } from './scanner-keys';
import { expect, type StationHostProcess } from './station-fixtures';
import { uiText, type DeskLocale } from './ui-text';

/** A contract call's answer, the same object in both runtimes. */
type CallResult<C extends ChannelName> = { ok: true; data: ChannelOutput<C> } | { ok: false; error: { code: string } };

/**
 * Calls a contract channel of the station directly, as the page would (for setting up and
 * checking state): over the browser host's HTTP bridge, or in the desktop app through its
 * window's preload bridge (`window.station`), launching the app if it is not running yet.
 */
export async function stationCall<C extends ChannelName>(request: APIRequestContext, host: StationHostProcess, channel: C, input: ChannelInput<C>): Promise<ChannelOutput<C>> {
  let result: CallResult<C>;
  if (host.electron) {
    const page = await host.electron.window();
    const call = ([name, data]: [string, unknown]) => ((globalThis as unknown as PageGlobals).station as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name]?.(data);
    const args: [string, unknown] = [channel, input];
    result = (await page.evaluate(call, args)) as CallResult<C>;
  } else {
    const url = new URL(host.url);
    const response = await request.post(`${url.origin}/ipc/${channel}`, { data: input, headers: { 'x-station-key': url.searchParams.get('key') ?? '' } });
    result = (await response.json()) as CallResult<C>;
  }
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}`);
  return result.data;
}

/** The orders table. */
export const ordersGrid = (page: Page) => page.getByRole('grid', { name: '订单列表' });

/** The line that counts loaded, shown and selected orders. */
export const selectionCounts = (page: Page) => page.getByRole('status').filter({ hasText: '已加载' });

/** Expects the counts line to say this many orders loaded, shown and selected. */
export async function expectCounts(page: Page, loaded: number, shown: number, selected: number, timeout?: number): Promise<void> {
  await expect(selectionCounts(page)).toContainText(`已加载 ${loaded} 单 · 显示 ${shown} 单 · 已选 ${selected} 单`, { timeout });
}

/** First run in Chinese: one click on "use demo mode" opens the desk. */
export async function startDemo(page: Page): Promise<void> {
  await page.getByRole('button', { name: '使用演示模式' }).click();
  await expect(ordersGrid(page)).toBeVisible();
}

/** Refresh (F5) on a fresh desk: confirms the full fetch and waits until every order is loaded. */
export async function loadAllOrders(page: Page, total = 2000): Promise<void> {
  await ordersGrid(page).focus();
  await page.keyboard.press('F5');
  const dialog = page.getByRole('dialog', { name: '从平台拉取全部订单？' });
  await expect(dialog).toContainText('本机第一次拉取');
  await dialog.getByRole('button', { name: '拉取（消耗积分）' }).click();
  // Twenty pages through the rate limiter: allow for a busy machine.
  await expectCounts(page, total, total, 0, 30_000);
}

/** Sends a scan through a DevTools session of its own (see `sendScannerBurst`). */
async function sendScan(page: Page, code: string, keyless: 'insert-text' | 'key-event'): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await sendScannerBurst(session, code, keyless);
  await session.detach();
}

/** A barcode scanner: the code's keys a few milliseconds apart, then Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  await sendScan(page, code, 'insert-text');
}

/**
 * A label read twice at once (the scanner's trigger held): both reads go in one burst, their keys
 * stamped one after the other, so a busy machine cannot stretch the two past the double-scan second.
 */
export async function scanTwice(page: Page, code: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  // Both started before either is awaited: the second's stamps follow the first's.
  await Promise.all([sendScannerBurst(session, code, 'insert-text'), sendScannerBurst(session, code, 'insert-text')]);
  await session.detach();
}

/**
 * A scanner whose keys arrive as characters Playwright's keyboard cannot press (full-width
 * digits): each one a trusted key event of its own. (`scan` would insert such characters as
 * text, which reaches only editable elements.)
 */
export async function scanAsKeyEvents(page: Page, code: string): Promise<void> {
  await sendScan(page, code, 'key-event');
}

/** The scan panel's result box. */
export const scanResult = (page: Page) => page.getByLabel('扫描结果');

/** The row of an order in the table (when it is rendered: in view or near it). */
export const orderRow = (page: Page, orderNumber: string) => ordersGrid(page).getByRole('row').filter({ hasText: orderNumber });

/** Chooses a drop-down's option by typing part of its name and pressing Enter, as a keyboard user does. */
export async function chooseOption(combobox: Locator, search: string): Promise<void> {
  await combobox.click();
  await combobox.fill(search);
  await combobox.press('Enter');
}

/** Opens a popover behind its button unless it is open already. */
async function openPopover(button: Locator): Promise<void> {
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** The filters on the loaded orders, with "More filters" (flags, province, urgent) opened. */
export async function moreFilters(page: Page): Promise<Locator> {
  const filters = page.getByRole('region', { name: '已加载订单的筛选' });
  await openPopover(filters.getByRole('button', { name: '更多筛选' }));
  return filters;
}

/** The platform's own filters (fetch by condition), opened from "Full / filtered fetch". */
export async function platformFilters(page: Page): Promise<Locator> {
  await openPopover(page.getByRole('button', { name: '全量 / 按条件拉取' }));
  return page.getByRole('region', { name: '平台筛选' });
}

/** Chooses a scan mode with its switch and puts the focus back on the table (where a scanner types). */
export async function chooseScanMode(page: Page, locale: DeskLocale, mode: 'select' | 'print' | 'verify'): Promise<void> {
  await page.getByLabel(uiText(locale, 'scan.modeLabel')).getByText(uiText(locale, `scan.mode.${mode}`), { exact: true }).click();
  await expect(page.getByRole('radio', { name: uiText(locale, `scan.mode.${mode}`) })).toBeChecked();
  await page.getByRole('grid', { name: uiText(locale, 'orders.gridLabel') }).focus();
}

/**
 * How long a screen may take to come up in a test: Settings mounts every section's form at once
 * (1–4 s on an idle 2-core machine, the longest right after the desk loaded) and Statistics fetches its script and chart library when first
 * opened, several times longer with three test browsers busy. The wait is a screen's, not an
 * assertion's: how fast both open is the start-up benchmark's.
 */
export const SCREEN_OPENS_MS = 30_000;

/** Settings' heading: there once the screen is drawn. */
export const settingsHeading = (page: Page, locale: DeskLocale) => page.getByRole('heading', { level: 2, name: uiText(locale, 'settings.title'), exact: true });

/** Opens Settings with F2 and waits until it is drawn. */
export async function openSettingsWithF2(page: Page, locale: DeskLocale): Promise<void> {
  await page.keyboard.press('F2');
  await expect(settingsHeading(page, locale)).toBeVisible({ timeout: SCREEN_OPENS_MS });
}

/** Opens Statistics with its header button and waits until the screen is there; answers the screen. */
export async function openStatistics(page: Page, locale: DeskLocale): Promise<Locator> {
  await page.getByRole('button', { name: uiText(locale, 'statistics.open') }).click();
  const screen = page.getByRole('region', { name: uiText(locale, 'statistics.title') });
  await expect(screen).toBeVisible({ timeout: SCREEN_OPENS_MS });
  return screen;
}
