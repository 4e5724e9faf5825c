import type { Page } from '@playwright/test';
import { chooseOption, expectCounts, loadAllOrders, orderRow, moreFilters, ordersGrid, scan, scanAsKeyEvents, scanResult, scanTwice, startDemo, stationCall } from './desk-actions';
import { historyWaybills, issueUi, openDemoDesk, openIssuePlan, selectByScanning, spooledPdfs, startIssueAndPrint, validAndInvalidOrders } from './issue-print-actions';
import type { PageGlobals } from './page-dom';
import { commitCompositionThenEnter } from './scanner-keys';
import { saveScreenshot } from './screenshots';
import { expect, test, type StationHostProcess } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';
import type { APIRequestContext } from '@playwright/test';

/** ASCII digits as full-width digits (what a Chinese input method in full-width mode types). */
const fullWidth = (text: string) => text.replace(/[0-9-]/g, (char) => (char === '-' ? '－' : String.fromCharCode(char.charCodeAt(0) + 0xfee0)));

/** The desk with every demo order loaded, and a few order numbers from the cache. */
async function deskWithOrders(openStation: (locale: 'zh-CN') => Promise<Page>, request: APIRequestContext, stationHost: StationHostProcess) {
  const page = await openStation('zh-CN');
  await startDemo(page);
  await loadAllOrders(page);
  const { rows } = await stationCall(request, stationHost, 'orders.list', {});
  const numbers = rows.map((row) => row.order.orderNumber).filter((number) => /^[0-9]+$/.test(number));
  return { page, numbers, rows };
}

const recentScans = (page: Page) => page.getByRole('list', { name: '最近扫描' }).getByRole('listitem');

test.describe('scanning at the desk (zh-CN)', () => {
  test('selects a scanned order with the focus on the table, then on the page', async ({ openStation, request, stationHost }) => {
    const { page, numbers } = await deskWithOrders(openStation, request, stationHost);
    const [first = '', second = ''] = [numbers[40], numbers[900]];
    await ordersGrid(page).focus();
    await scan(page, first);
    await expect(scanResult(page)).toContainText(`已选中订单 ${first}`);
    await expect(scanResult(page)).toHaveClass(/is-ok/);
    await expect(orderRow(page, first)).toHaveAttribute('aria-selected', 'true');
    await expectCounts(page, 2000, 2000, 1);

    // Focus on nothing in particular (a click on the page's background).
    await page.getByRole('group', { name: '账户' }).click({ position: { x: 5, y: 5 } });
    await scan(page, second);
    await expect(scanResult(page)).toContainText(`已选中订单 ${second}`);
    // The table scrolled to it.
    await expect(orderRow(page, second)).toBeVisible();
    await expect(orderRow(page, second)).toHaveAttribute('aria-selected', 'true');
    await expectCounts(page, 2000, 2000, 2);
    await expect(recentScans(page)).toHaveCount(2);
  });

  test('ignores a double scan of the same code within a second', async ({ openStation, request, stationHost }) => {
    const { page, numbers } = await deskWithOrders(openStation, request, stationHost);
    const code = numbers[5] ?? '';
    await ordersGrid(page).focus();
    await scanTwice(page, code);
    await expect(page.getByText(`已忽略 ${code} 的重复扫描。`)).toBeVisible();
    await expect(recentScans(page)).toHaveCount(1);
    await expectCounts(page, 2000, 2000, 1);
    await expect(orderRow(page, code)).toHaveAttribute('aria-selected', 'true');
  });

  test('reads full-width digits, whether sent as keys or typed into a drop-down by an input method', async ({ openStation, request, stationHost }) => {
    const { page, numbers, rows } = await deskWithOrders(openStation, request, stationHost);
    const [first = '', second = '', third = '', fourth = ''] = [numbers[10], numbers[11], numbers[12], numbers[13]];
    await ordersGrid(page).focus();
    await scanAsKeyEvents(page, fullWidth(first));
    await expect(scanResult(page)).toContainText(`已选中订单 ${first}`);

    // In a drop-down's search box an input method is active: full-width text arrives as typed input.
    const province = (await moreFilters(page)).getByRole('combobox', { name: '省份' });
    await province.click();
    await scan(page, fullWidth(second));
    await expect(scanResult(page)).toContainText(`已选中订单 ${second}`);
    await expect(province).not.toBeFocused();
    await expect(province).toHaveValue('');

    // An input method composing: the committed text replaces what it composed.
    await province.click();
    const session = await page.context().newCDPSession(page);
    await session.send('Input.imeSetComposition', { text: fullWidth(third.slice(0, 6)), selectionStart: 6, selectionEnd: 6 });
    await commitCompositionThenEnter(session, fullWidth(third));
    await expect(scanResult(page)).toContainText(`已选中订单 ${third}`);
    await expectCounts(page, 2000, 2000, 3);

    // The page busy for 600 ms after the first character (a loaded machine): the characters typed
    // in after it are handled late, but their keys were pressed a scanner's few ms apart.
    await province.click();
    await page.evaluate(() => {
      const { document, performance } = globalThis as unknown as PageGlobals;
      const busy = () => {
        const until = performance.now() + 600;
        while (performance.now() < until);
      };
      document.addEventListener('input', busy, { capture: true, once: true });
    });
    await scan(page, fullWidth(fourth));
    await expect(scanResult(page)).toContainText(`已选中订单 ${fourth}`);
    await expectCounts(page, 2000, 2000, 4);

    // Pinduoduo order numbers keep their hyphen in full-width form too.
    const pinduoduo = rows.map((row) => row.order.orderNumber).find((number) => /^\d{6}-\d{15}$/.test(number)) ?? '';
    await ordersGrid(page).focus();
    await scanAsKeyEvents(page, fullWidth(pinduoduo));
    await expect(scanResult(page)).toContainText(`已选中订单 ${pinduoduo}`);
  });

  test('sounds the alarm for an unknown code and leaves text fields alone', async ({ openStation, request, stationHost }) => {
    const { page, numbers } = await deskWithOrders(openStation, request, stationHost);
    await ordersGrid(page).focus();
    await scan(page, '99990000111');
    await expect(page.getByRole('alert', { name: '扫描结果' })).toContainText('无法识别 99990000111：不是已加载的订单，也不是本机的运单号');
    await expect(scanResult(page)).toHaveClass(/is-error/);
    await expectCounts(page, 2000, 2000, 0);

    // Typing into the search box is typing, not a scan.
    const search = page.getByRole('textbox', { name: '搜索订单' });
    await search.click();
    await scan(page, numbers[3] ?? '');
    await expect(search).toHaveValue(numbers[3] ?? '');
    await expectCounts(page, 2000, 1, 0);
    await expect(recentScans(page)).toHaveCount(1);
  });

  test('takes slow typing for a person, not a scanner', async ({ openStation, request, stationHost }) => {
    const { page, numbers } = await deskWithOrders(openStation, request, stationHost);
    await ordersGrid(page).focus();
    await page.keyboard.type(numbers[8] ?? '', { delay: 180 });
    await page.keyboard.press('Enter');
    await expect(recentScans(page)).toHaveCount(0);
    await expectCounts(page, 2000, 2000, 0);
  });

  test('switches what a scan does with F8: select, or hand the order to issue & print', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await ordersGrid(page).focus();
    await page.keyboard.press('F8');
    await expect(page.getByRole('radio', { name: '取号并打印' })).toBeChecked();
    await expect(scanResult(page)).toContainText('扫描的订单将立即取号并打印');
    await page.keyboard.press('F8');
    await expect(page.getByRole('radio', { name: '选中订单' })).toBeChecked();
    await expect(scanResult(page)).toContainText('请扫描订单号或运单号');
  });

  test('says when a scanned order is hidden by the filters', async ({ openStation, request, stationHost }) => {
    const { page, rows } = await deskWithOrders(openStation, request, stationHost);
    const outside = rows.find((row) => row.order.province !== '浙江省' && /^\d+$/.test(row.order.orderNumber))?.order.orderNumber ?? '';
    await chooseOption((await moreFilters(page)).getByRole('combobox', { name: '省份' }), '浙江省');
    await ordersGrid(page).focus();
    await scan(page, outside);
    await expect(scanResult(page)).toContainText(`已选中订单 ${outside}`);
    await expect(scanResult(page)).toContainText('该订单被当前筛选隐藏（按 F4 清除筛选）');
    await expect(page.getByText('（1 个已选订单被筛选隐藏）')).toBeVisible();
  });
});

// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`reprinting from a scan (${locale})`, () => {
    test.use({ demoOrders: 120 });

    if (locale === 'en') test('a printed order or its waybill, scanned, offers the reprint: it asks first, then prints once more', async ({ openStation, request, stationHost }) => {
      test.setTimeout(120_000);
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
      const page = await openStation(browserLocale(locale));
      const ui = issueUi(page, locale);
      await openDemoDesk(page, locale, 120);
      const [orderNumber = ''] = (await validAndInvalidOrders(request, stationHost, 120)).valid;
      await selectByScanning(page, locale, [orderNumber]);
      await openIssuePlan(page, locale, 1);
      await startIssueAndPrint(page, locale, 1);
      await expect(ui.printing).toContainText(ui.printedAll(1), { timeout: 30_000 });
      await ui.dismiss.click();
      await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(1);
      const waybillCode = (await historyWaybills(request, stationHost))[0]?.waybillCode ?? '';

      const grid = page.getByRole('grid', { name: text('orders.gridLabel') });
      const result = page.getByLabel(text('scan.resultLabel'));
      const reprint = result.getByRole('button', { name: text('scan.reprint') });
      const confirm = page.getByRole('dialog').filter({ hasText: text('history.reprint.confirmTitle', { count: 1 }) });
      await grid.focus();
      await scan(page, orderNumber);
      await expect(result).toContainText(text('scan.outcome.already-printed', { count: 1, orderNumber, waybillCode }));
      await expect(reprint).toHaveAttribute('title', text('scan.reprintTarget', { orderNumber, waybillCode }));
      await saveScreenshot(page.getByRole('region', { name: text('scan.label') }), 'scan-reprint-offer', locale);
      await reprint.click();
      await expect(confirm).toContainText(text('history.reprint.printedTimes', { count: 1, waybillCode }));
      await confirm.getByRole('button', { name: text('history.reprint.confirmOk') }).click();
      await expect(confirm).toBeHidden();
      await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(2);

      // The waybill number scanned: the same offer; declining the confirmation prints nothing.
      await grid.focus();
      await scan(page, waybillCode);
      await expect(result).toContainText(text('scan.outcome.waybill', { orderNumber, waybillCode }));
      await reprint.click();
      await expect(confirm).toContainText(text('history.reprint.printedTimes', { count: 2, waybillCode }));
      await confirm.getByRole('button', { name: text('common.cancel') }).click();
      await expect(confirm).toBeHidden();
      expect(await spooledPdfs(stationHost)).toHaveLength(2);
      const [row] = (await historyWaybills(request, stationHost)).filter((candidate) => candidate.waybillCode === waybillCode);
      expect(row?.printCount).toBe(2);
    });
  });
}
