import { readFile } from 'node:fs/promises';
import { chooseOption, loadAllOrders, startDemo } from './desk-actions';
import { selectByScanning, spooledPdfs, validAndInvalidOrders } from './issue-print-actions';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';

test.use({ demoOrders: 120 });

test.describe('issue and print (zh-CN, demo mode)', () => {
  test('issues 25 orders of which one is invalid, prints 24, reprints with confirmation and exports the CSV', async ({ openStation, request, stationHost }) => {
    test.setTimeout(180_000);
    const page = await openStation('zh-CN');
    await startDemo(page);
    await loadAllOrders(page, 120);
    const shipFrom = page.getByRole('region', { name: '发货设置' });
    await chooseOption(shipFrom.getByRole('combobox', { name: '快递公司' }), '中通');
    await expect(shipFrom).toContainText('中通快递杭州余杭仓前分部（57112）');
    const { valid, invalid } = await validAndInvalidOrders(request, stationHost, 120);
    expect(invalid.length).toBeGreaterThan(0);
    expect(valid.length).toBeGreaterThan(24);
    const badOrder = invalid.find((number) => /^[0-9]+$/.test(number)) ?? '';
    expect(badOrder).not.toBe('');
    const chosen = [...valid.slice(0, 12), badOrder, ...valid.slice(12, 24)];
    await selectByScanning(page, chosen, (orderNumber) => `已选中订单 ${orderNumber}`);
    await expect(page.getByRole('status').filter({ hasText: '已加载' })).toContainText('已选 25 单');
    await saveScreenshot(page, 'desk-selected', 'zh-CN');

    await page.getByRole('button', { name: '取号并打印 25 单' }).click();
    const drawer = page.getByRole('dialog', { name: '取号打印' });
    const invalidList = drawer.getByLabel('不发送的订单');
    await expect(invalidList).toContainText(badOrder);
    await expect(invalidList).toContainText('1 个订单不会发送');
    await expect(drawer.getByLabel('取号计划')).toContainText('24');
    await saveScreenshot(page, 'issue-plan', 'zh-CN');

    await drawer.getByRole('button', { name: '取号并打印 24 张面单' }).click();
    await expect(drawer.getByText('任务完成')).toBeVisible({ timeout: 60_000 });
    await expect(drawer.getByLabel('打印进度')).toContainText('已打印 24 / 24', { timeout: 60_000 });
    const summary = drawer.getByLabel('汇总');
    await expect(summary).toContainText('已取号24');
    await expect(summary).toContainText('已打印24');
    const jobOrders = drawer.getByRole('table', { name: '任务中的订单' });
    await expect(jobOrders.getByRole('row').filter({ hasText: badOrder })).toContainText('无效');
    await saveScreenshot(page, 'issue-summary', 'zh-CN');
    await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(24);

    await drawer.getByRole('button', { name: '知道了' }).click();
    await page.getByRole('button', { name: '历史' }).click();
    const history = page.getByRole('dialog', { name: '面单历史' });
    const firstOrder = chosen[0] ?? '';
    await history.getByRole('searchbox', { name: '订单号或面单号' }).fill(firstOrder);
    await history.getByRole('searchbox', { name: '订单号或面单号' }).press('Enter');
    const line = history.getByRole('table', { name: '面单历史' }).getByRole('row').filter({ hasText: firstOrder });
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('已打印');
    await saveScreenshot(page, 'history', 'zh-CN');

    await line.getByRole('button', { name: /^补打 / }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '已经打印过' });
    await expect(confirm).toContainText('已打印 1 次');
    await saveScreenshot(confirm, 'reprint-confirm', 'zh-CN');
    await confirm.getByRole('button', { name: '再次打印' }).click();
    await expect.poll(async () => (await spooledPdfs(stationHost)).length, { timeout: 30_000 }).toBe(25);
    await expect(line).toContainText('已打印 2 次');

    await history.getByRole('searchbox', { name: '订单号或面单号' }).fill('');
    await history.getByRole('searchbox', { name: '订单号或面单号' }).press('Enter');
    const download = page.waitForEvent('download');
    await history.getByRole('button', { name: '导出批量发货 CSV' }).click();
    const csvPath = await (await download).path();
    const csv = await readFile(csvPath, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(25);
    for (const orderNumber of chosen.filter((number) => number !== badOrder)) expect(csv).toContain(orderNumber);
    expect(csv).not.toContain(badOrder);
  });
});
