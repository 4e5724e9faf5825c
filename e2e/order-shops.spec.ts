import { DEMO_GATEWAY_SHOPS } from '../shared/settings/settings-schema';
import { chooseOption, expectCounts, moreFilters, orderRow, ordersGrid, scan, scanResult, startDemo, stationCall } from './desk-actions';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';

test.use({ demoOrders: 60 });

const [home, homeware] = DEMO_GATEWAY_SHOPS;

test.describe('the orders of several shops of one account (demo mode, zh-CN)', () => {
  test('loads two shops, filters by shop, selects orders of both, and asks which shop a number two shops sold is', async ({ openStation, request, stationHost }) => {
    const page = await openStation('zh-CN');
    await startDemo(page);

    // Demo mode starts on the demo shop; the sandbox's other shops wait to be chosen.
    const shopsButton = page.getByRole('button', { name: '店铺 1/3' });
    await shopsButton.click();
    const chooser = page.getByRole('group', { name: '加载的店铺' });
    await expect(chooser.getByRole('checkbox', { name: home.name })).toBeChecked();
    // Ticked once the choice is saved and the shop's (empty) cache listed.
    await chooser.getByRole('checkbox', { name: homeware.name }).click();
    await expect(chooser.getByRole('checkbox', { name: homeware.name })).toBeChecked();
    await page.getByRole('button', { name: '店铺 2/3' }).click();

    // The first fetch of both shops says what each costs, and the sum.
    await ordersGrid(page).focus();
    await page.keyboard.press('F5');
    const dialog = page.getByRole('dialog', { name: '从平台拉取全部订单？' });
    await expect(dialog).toContainText(`${home.name}：本机第一次拉取`);
    await expect(dialog).toContainText(`${homeware.name}：本机第一次拉取`);
    await expect(dialog).toContainText('合计：调用 2 次，约消耗 2 积分。');
    await dialog.getByRole('button', { name: '拉取（消耗积分）' }).click();
    await expectCounts(page, 360, 360, 0, 30_000);
    await saveScreenshot(page, 'desk-two-shops', 'zh-CN');

    const { rows } = await stationCall(request, stationHost, 'orders.list', { shopIds: [home.shopId, homeware.shopId] });
    const shared = rows.find((row) => row.shopId === homeware.shopId && rows.some((other) => other.shopId === home.shopId && other.order.orderNumber === row.order.orderNumber));
    expect(shared).toBeDefined();
    const sharedNumber = shared?.order.orderNumber ?? '';
    const onlyIn = (shopId: string) =>
      rows.find((row) => row.shopId === shopId && /^[0-9]+$/.test(row.order.orderNumber) && rows.filter((other) => other.order.orderNumber === row.order.orderNumber).length === 1)?.order.orderNumber ?? '';
    const [homeOrder, homewareOrder] = [onlyIn(home.shopId), onlyIn(homeware.shopId)];

    // The shop column names each row's shop; the shop filter counts each shop's orders.
    await expect(orderRow(page, sharedNumber)).toHaveCount(2);
    await expect(orderRow(page, sharedNumber).filter({ hasText: home.name })).toHaveCount(1);
    await expect(orderRow(page, sharedNumber).filter({ hasText: homeware.name })).toHaveCount(1);
    const shopFilter = (await moreFilters(page)).getByRole('combobox', { name: '店铺' });
    await shopFilter.click();
    await expect(page.getByText(`${home.name}（60）`, { exact: true })).toBeVisible();
    await expect(page.getByText(`${homeware.name}（300）`, { exact: true })).toBeVisible();
    await chooseOption(shopFilter, homeware.name);
    await expectCounts(page, 360, 300, 0);
    await expect(orderRow(page, sharedNumber)).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.keyboard.press('F4');
    await expectCounts(page, 360, 360, 0);

    // An order of each shop, scanned: each found in its one shop, selected at once.
    await ordersGrid(page).focus();
    await scan(page, homeOrder);
    await expect(scanResult(page)).toContainText(`已选中订单 ${homeOrder}`);
    await scan(page, homewareOrder);
    await expect(scanResult(page)).toContainText(`已选中订单 ${homewareOrder}`);
    await expectCounts(page, 360, 360, 2);

    // The number both shops sold: asked which shop, never guessed; key 2 chooses the second.
    await scan(page, sharedNumber);
    const question = page.getByRole('dialog', { name: `订单 ${sharedNumber} 是哪个店铺的？` });
    await expect(question).toBeVisible();
    await expect(scanResult(page)).toContainText(`订单 ${sharedNumber} 在 2 个店铺中都有：请选择店铺`);
    await expectCounts(page, 360, 360, 2);
    await saveScreenshot(question, 'scan-which-shop', 'zh-CN');
    await expect(question.getByRole('group', { name: '店铺' }).getByRole('button')).toHaveText([`1${home.name}${home.sellerNick}`, `2${homeware.name}${homeware.sellerNick}`]);
    await page.keyboard.press('2');
    await expect(question).toBeHidden();
    await expect(scanResult(page)).toContainText(`已选中订单 ${sharedNumber}`);
    await expectCounts(page, 360, 360, 3);
    await expect(orderRow(page, sharedNumber).filter({ hasText: homeware.name })).toHaveAttribute('aria-selected', 'true');
    await expect(orderRow(page, sharedNumber).filter({ hasText: home.name })).toHaveAttribute('aria-selected', 'false');

    // Esc leaves the question without selecting anything (scanned again after the second in which a repeat is ignored).
    await page.waitForTimeout(1100);
    await scan(page, sharedNumber);
    await expect(question).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expectCounts(page, 360, 360, 3);

    // The choice of shops is remembered.
    const settings = await stationCall(request, stationHost, 'settings.get', {});
    expect(settings.settings.ui.orderShops).toEqual([home.shopId, homeware.shopId]);
  });
});
