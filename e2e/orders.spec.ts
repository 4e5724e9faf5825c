import { chooseOption, expectCounts, openSettingsWithF2, loadAllOrders, orderRow, ordersGrid, selectionCounts, moreFilters, platformFilters, startDemo, stationCall } from './desk-actions';
import { expect, test } from './station-fixtures';

test.describe('orders at the desk (demo mode, zh-CN)', () => {
  test('loads every order after a confirmed full fetch, and states the cost of the next one', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await expect(ordersGrid(page)).toContainText('还没有加载订单');
    await loadAllOrders(page);
    await expect(ordersGrid(page)).toHaveAttribute('aria-rowcount', '2001');
    await expect(page.getByRole('group', { name: '账户' })).toContainText(/今日消耗积分: [1-9]\d*/);
    // The last order is reachable (the rows are virtualized, not cut off).
    await ordersGrid(page).focus();
    await page.keyboard.press('End');
    await expect(ordersGrid(page).locator('[aria-rowindex="2001"]')).toBeVisible();
    // A second full fetch says what it costs before anything is spent.
    await page.keyboard.press('Shift+F5');
    const dialog = page.getByRole('dialog', { name: '从平台拉取全部订单？' });
    await expect(dialog).toContainText('平台共有 2000 单：需调用 20 次，约消耗 20 积分。');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
  });

  test('filters the loaded orders by text, flag, state, province and urgency', async ({ openStation, request, stationHost }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await loadAllOrders(page);
    const { rows } = await stationCall(request, stationHost, 'orders.list', {});
    const filters = page.getByRole('region', { name: '已加载订单的筛选' });

    const target = rows[17]?.order.orderNumber ?? '';
    await filters.getByRole('textbox', { name: '搜索订单' }).fill(target);
    await expectCounts(page, 2000, 1, 0);
    await expect(orderRow(page, target)).toBeVisible();
    await page.keyboard.press('F4');
    await expectCounts(page, 2000, 2000, 0);

    const red = rows.filter((row) => row.order.flag === 1).length;
    expect(red).toBeGreaterThan(0);
    // The flag column is one click away: the default columns fit a 1366-pixel screen without it.
    await page.getByRole('button', { name: /^列 7\/\d+$/ }).click();
    const columns = page.getByRole('group', { name: '表格的列' });
    await columns.getByRole('checkbox', { name: '旗帜' }).check();
    await columns.getByRole('checkbox', { name: '最晚发货' }).check();
    await page.keyboard.press('Escape');
    await chooseOption((await moreFilters(page)).getByRole('combobox', { name: '旗帜' }), '红旗');
    await expectCounts(page, 2000, red, 0);
    await expect(ordersGrid(page).getByRole('row').nth(1)).toContainText(/红旗|加急|催发货/);
    await page.keyboard.press('F4');

    await filters.getByRole('radiogroup', { name: '面单 / 打印状态' }).getByText('已取号未打印').click();
    await expectCounts(page, 2000, 0, 0);
    await expect(ordersGrid(page)).toContainText('没有符合筛选条件的订单');
    await filters.getByRole('radiogroup', { name: '面单 / 打印状态' }).getByText('未取号').click();
    await expectCounts(page, 2000, 2000, 0);
    await page.keyboard.press('F4');

    const zhejiang = rows.filter((row) => row.order.province === '浙江省').length;
    await chooseOption((await moreFilters(page)).getByRole('combobox', { name: '省份' }), '浙江省');
    await expectCounts(page, 2000, zhejiang, 0);
    await page.keyboard.press('F4');

    await (await moreFilters(page)).getByRole('checkbox', { name: '只看紧急（24 小时内须发货）' }).check();
    await expect(selectionCounts(page)).not.toContainText('显示 2000 单');
    await expect(selectionCounts(page)).not.toContainText('显示 0 单');
    const firstShown = ordersGrid(page).getByRole('row').nth(1);
    await expect(firstShown).toContainText(/剩 \d+ 小时|已超时 \d+ 小时/);
    await filters.getByRole('button', { name: /清除筛选/ }).click();
    await expectCounts(page, 2000, 2000, 0);
  });

  test('selects by click, Shift+click and keyboard, all filtered at once, and marks merge candidates', async ({ openStation, request, stationHost }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await loadAllOrders(page);
    const rows = ordersGrid(page).getByRole('row');
    // rows.nth(0) is the header row.
    await rows.nth(1).click();
    await expectCounts(page, 2000, 2000, 1);
    await rows.nth(4).click({ modifiers: ['Shift'] });
    await expectCounts(page, 2000, 2000, 4);
    await rows.nth(2).click();
    await expectCounts(page, 2000, 2000, 3);
    await expect(rows.nth(2)).toHaveAttribute('aria-selected', 'false');
    await expect(rows.nth(3)).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Escape');
    await expectCounts(page, 2000, 2000, 0);
    await ordersGrid(page).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expectCounts(page, 2000, 2000, 3);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expectCounts(page, 2000, 2000, 4);
    await expect(rows.nth(4)).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Control+a');
    await expectCounts(page, 2000, 2000, 2000);
    await page.keyboard.press('Escape');
    await expectCounts(page, 2000, 2000, 0);

    // "Select all" takes the filtered rows only.
    await chooseOption((await moreFilters(page)).getByRole('combobox', { name: '省份' }), '浙江省');
    const shown = Number(/显示 (\d+) 单/.exec((await selectionCounts(page).textContent()) ?? '')?.[1]);
    // "More filters" is closed again: its panel lies over the selection bar.
    await page.getByRole('region', { name: '已加载订单的筛选' }).getByRole('button', { name: '更多筛选' }).click();
    await page.getByRole('button', { name: /全选显示的订单/ }).click();
    await expectCounts(page, 2000, shown, shown);
    await page.keyboard.press('F4');
    await page.getByRole('button', { name: /清除选择/ }).click();

    const filters = page.getByRole('region', { name: '已加载订单的筛选' });
    const { rows: cached } = await stationCall(request, stationHost, 'orders.list', {});
    const mergeable = cached.find((row) => row.mergeKey !== null);
    expect(mergeable).toBeDefined();
    const partners = cached.filter((row) => row.mergeKey === mergeable?.mergeKey).length;
    await filters.getByRole('textbox', { name: '搜索订单' }).fill(mergeable?.order.orderNumber ?? '');
    await expect(orderRow(page, mergeable?.order.orderNumber ?? '')).toContainText(`合并 ${partners}`);
  });

  test('opens the shortcut list with F1 and closes it with Esc', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await page.keyboard.press('F1');
    const help = page.getByRole('dialog', { name: '快捷键' });
    for (const text of ['F5', '刷新订单（版本支持时只拉取有变化的订单）', 'Shift + F5', 'Ctrl + A', '全选显示的订单', 'F8', 'Shift + 单击']) await expect(help).toContainText(text);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });
});

test.describe('loading 10,000 orders', () => {
  test.use({ demoOrders: 10_000 });

  test('shows the progress and stops when cancelled', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await page.keyboard.press('F5');
    await page.getByRole('dialog', { name: '从平台拉取全部订单？' }).getByRole('button', { name: '拉取（消耗积分）' }).click();
    await expect(page.getByRole('progressbar', { name: '订单加载进度' })).toBeVisible();
    await expect(page.getByText(/已收到 \d+ \/ 10000 单（第 \d+\/100 页）/)).toBeVisible();
    await page.getByRole('button', { name: '取消 Esc' }).click();
    await expect(page.getByText('已取消加载，已收到的订单保留。')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '订单加载进度' })).toBeHidden();
    // The pages that arrived stay; the rest was never asked for.
    await expect(selectionCounts(page)).toContainText(/已加载 \d+ 单/);
    const loaded = Number(/已加载 (\d+) 单/.exec((await selectionCounts(page).textContent()) ?? '')?.[1]);
    expect(loaded).toBeLessThan(10_000);
  });
});

test.describe('platform filters by edition', () => {
  test('are disabled with the reason in the basic edition, and enabled in the enhanced edition', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    const platform = await platformFilters(page);
    await expect(platform.getByRole('textbox', { name: '备注包含' })).toBeDisabled();
    await expect(platform.getByRole('combobox', { name: '旗帜' })).toBeDisabled();
    await expect(platform.getByRole('button', { name: '拉取符合条件的订单' })).toBeDisabled();
    await expect(platform).toContainText('基础版不支持平台筛选（订单接口 vvtype 2），请用已加载订单的筛选');

    await openSettingsWithF2(page, 'zh-CN');
    await page.getByRole('radiogroup', { name: '版本' }).getByText('增强版').click();
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '修改均已保存' })).toBeVisible();
    await page.getByRole('button', { name: '返回工作台 Esc' }).click();
    await platformFilters(page);
    await expect(platform.getByRole('textbox', { name: '备注包含' })).toBeEnabled();
    await expect(platform.getByRole('combobox', { name: '旗帜' })).toBeEnabled();
    await expect(platform.getByRole('button', { name: '拉取符合条件的订单' })).toBeEnabled();
    await expect(platform).not.toContainText('不支持平台筛选');
    await expect(page.getByRole('group', { name: '账户' })).toContainText('增强版');
  });

  for (const filter of ['flag', 'remark', 'time'] as const) {
    test(`fetch only the orders matching the ${filter} filter (enhanced edition)`, async ({ openStation, request, stationHost }) => {
      await stationCall(request, stationHost, 'settings.update', { patch: { gateway: { edition: 'enhanced' }, ui: { setupCompleted: true } } });
      const page = await openStation('zh-CN');
      const platform = await platformFilters(page);
      const startedAt = Date.now();
      if (filter === 'flag') await chooseOption(platform.getByRole('combobox', { name: '旗帜' }), '红旗');
      if (filter === 'remark') await platform.getByRole('textbox', { name: '备注包含' }).fill('不要放驿站');
      if (filter === 'time') await platform.getByRole('radiogroup', { name: '付款时间' }).getByText('近 24 小时').click();
      await platform.getByRole('button', { name: '拉取符合条件的订单' }).click();
      await expect(page.getByText(/已加载 \d+ 单（消耗 \d+ 积分）/)).toBeVisible();

      const { rows } = await stationCall(request, stationHost, 'orders.list', {});
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThan(2000);
      for (const { order } of rows) {
        if (filter === 'flag') expect(order.flag).toBe(1);
        if (filter === 'remark') expect(order.remark).toContain('不要放驿站');
        if (filter === 'time') expect(order.confirmedAt ?? 0).toBeGreaterThanOrEqual(startedAt - 24 * 3_600_000 - 60_000);
      }
      await expectCounts(page, rows.length, rows.length, 0);
    });
  }
});
