import { chooseOption, expectCounts, loadAllOrders, ordersGrid, startDemo } from './desk-actions';
import { expect, test } from './station-fixtures';

test.describe('ship-from at the desk (zh-CN)', () => {
  test('chooses carrier, branch and sender address, and remembers them across a reload', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    const shipFrom = page.getByRole('region', { name: '发货设置' });
    await chooseOption(shipFrom.getByRole('combobox', { name: '快递公司' }), '中通');
    // The carrier's first branch and address come with it.
    await expect(shipFrom).toContainText('中通快递杭州余杭仓前分部（57112）');
    await chooseOption(shipFrom.getByRole('combobox', { name: '快递公司' }), '圆通');
    await chooseOption(shipFrom.getByRole('combobox', { name: '网点' }), '571001');
    await chooseOption(shipFrom.getByRole('combobox', { name: '发货地址' }), '滨江区');
    await expect(shipFrom).toContainText('浙江省 杭州市 滨江区 长河街道江南大道588号恒鑫大厦1203室');
    await expect(shipFrom).toContainText('余额 5000');
    await expect(shipFrom).toContainText('已用 12873');

    await page.reload();
    await expect(ordersGrid(page)).toBeVisible();
    await expect(shipFrom).toContainText('圆通速递 (YTO)');
    await expect(shipFrom).toContainText('圆通速递杭州余杭仓前网点（571001）');
    await expect(shipFrom).toContainText('余额 5000');
    // The branch list shows each branch whole, its balance on a second line (never cut at "…").
    await shipFrom.getByRole('combobox', { name: '网点' }).click();
    const option = page.locator('.ship-from__popup .ship-from__option').filter({ hasText: '圆通速递杭州余杭仓前网点（571001）' });
    await expect(option).toContainText('余额 5000');
    const cut = await option.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    await page.keyboard.press('Escape');
    await expect(shipFrom).toContainText('浙江省 杭州市 滨江区 长河街道江南大道588号恒鑫大厦1203室');
    // The carrier list too, at a 1366 desk: every carrier's name whole, and the chosen one whole on hover.
    await page.setViewportSize({ width: 1366, height: 768 });
    const carrier = shipFrom.getByRole('combobox', { name: '快递公司' });
    await carrier.click();
    const carriers = page.locator('.ship-from__popup .ant-select-item-option-content');
    await expect(carriers.filter({ hasText: '圆通速递 (YTO)' })).toBeVisible();
    for (const name of await carriers.all()) expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(false);
    await page.keyboard.press('Escape');
    await expect(shipFrom.locator('.ant-select-content[title="圆通速递 (YTO)"]')).toHaveCount(1);
  });

  test('warns when the branch balance is below the number of selected orders', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);
    await loadAllOrders(page);
    const shipFrom = page.getByRole('region', { name: '发货设置' });
    await chooseOption(shipFrom.getByRole('combobox', { name: '快递公司' }), '圆通');
    await chooseOption(shipFrom.getByRole('combobox', { name: '网点' }), '萧山');
    await expect(shipFrom).toContainText('余额 3');

    const rows = ordersGrid(page).getByRole('row');
    await rows.nth(1).click();
    await rows.nth(3).click({ modifiers: ['Shift'] });
    await expectCounts(page, 2000, 2000, 3);
    await expect(shipFrom.getByRole('alert')).toBeHidden();
    await rows.nth(4).click();
    await expectCounts(page, 2000, 2000, 4);
    await expect(shipFrom.getByRole('alert')).toContainText('余额不足：网点仅剩 3 单，少于已选的 4 单');
    // Another branch with enough balance: no warning.
    await chooseOption(shipFrom.getByRole('combobox', { name: '网点' }), '571001');
    await expect(shipFrom.getByRole('alert')).toBeHidden();
  });
});
