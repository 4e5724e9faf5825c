import { chooseOption, openSettingsWithF2, ordersGrid, startDemo, stationCall } from './desk-actions';
import { expect, test } from './station-fixtures';

test.describe('first-run setup', () => {
  test('opens on setup in Chinese, and demo mode needs one click and no typing', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await expect(page.getByRole('heading', { name: '欢迎使用电子面单打印站' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '连接设置' })).toBeVisible();
    await expect(page.getByRole('group', { name: '账户' })).toBeVisible();
    await startDemo(page);
    await expect(page.getByRole('heading', { name: '欢迎使用电子面单打印站' })).toBeHidden();
    // Setup is finished for good: the desk opens directly next time.
    await page.reload();
    await expect(ordersGrid(page)).toBeVisible();
    await expect(page.getByRole('group', { name: '账户' }).getByText('演示模式（沙箱网关）')).toBeVisible();
  });

  test('tests the demo connection in plain words (Chinese)', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await page.getByRole('button', { name: '测试连接' }).click();
    const report = page.getByRole('group', { name: '连接测试结果' });
    await expect(report).toContainText('订购');
    await expect(report).toContainText(/正常：有效期至 \d{4}-\d{2}-\d{2}（剩 5 天）/);
    await expect(report).toContainText('正常：3 家快递公司，5 个网点');
  });

  test('connects a real gateway account in English: address, token, shop, edition, channel, templates', async ({ openStation, sandboxGateway }) => {
    const page = await openStation('en-US');
    await expect(page.getByRole('heading', { name: 'Welcome to Waybill Print Station' })).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Gateway' }).getByText('Real gateway').click();
    // The real account starts empty: never the demo shop's id, nick or merchant id.
    for (const name of ['Shop id (owner_id)', 'Seller nickname', 'Merchant user id']) await expect(page.getByRole('textbox', { name })).toHaveValue('');
    await page.getByRole('textbox', { name: 'Gateway address' }).fill(sandboxGateway.url);
    await page.getByRole('textbox', { name: 'Access token' }).fill(sandboxGateway.token);
    await page.getByRole('textbox', { name: 'Shop id (owner_id)' }).fill('57301862');
    await page.getByRole('textbox', { name: 'Seller nickname' }).fill('小满百货旗舰店');
    await page.getByRole('textbox', { name: 'Merchant user id' }).fill('2201385297');
    await page.getByRole('textbox', { name: 'Sender name' }).fill('王小满');
    await page.getByRole('textbox', { name: 'Sender phone' }).fill('0571-88886666');
    await page.getByRole('radiogroup', { name: 'Edition' }).getByText('Enhanced edition').click();
    await chooseOption(page.getByRole('combobox', { name: 'Order channel' }), 'Pinduoduo');
    await page.getByRole('button', { name: 'Add a template' }).click();
    await chooseOption(page.getByRole('combobox', { name: 'Carrier of template 1' }), 'YTO');
    await page.getByRole('textbox', { name: 'Address of template 1' }).fill('https://cloudprint.cainiao.com/template/standard/101/3');
    // A further shop of the account (多店铺): its own ids, name and colour tag; the token is the account's.
    await page.getByRole('button', { name: 'Add a shop' }).click();
    await page.getByRole('textbox', { name: 'Shop id of shop 2' }).fill('57301875');
    await page.getByRole('textbox', { name: 'Seller nickname of shop 2' }).fill('小满家居专营店');
    await page.getByRole('textbox', { name: 'Merchant user id of shop 2' }).fill('2201385311');
    await page.getByRole('textbox', { name: 'Display name of shop 2' }).fill('小满家居');

    await page.getByRole('button', { name: 'Test connection' }).click();
    const report = page.getByRole('group', { name: 'Connection test result' });
    await expect(report).toContainText(/OK: valid until \d{4}-\d{2}-\d{2} \(5 days left\)/);
    await expect(report).toContainText('OK: carriers 3, branches 5');
    // The token went to the vault: the form shows only that one is stored.
    await expect(page.getByText(`A token is stored (ends in ${sandboxGateway.token.slice(-4)})`)).toBeVisible();

    await page.getByRole('button', { name: 'Save and start' }).click();
    await expect(page.getByRole('grid', { name: 'Orders' })).toBeVisible();
    const account = page.getByRole('group', { name: 'Account' });
    // The first shop by its name (its nickname: it was given no display name), and one more shop.
    await expect(account.getByText('Shop: 小满百货旗舰店 +1')).toBeVisible();
    await expect(account.getByText('Enhanced edition')).toBeVisible();
    await expect(account.getByText('Demo mode', { exact: true })).toBeHidden();
    await expect(account.getByText('Subscription: 5 days left')).toBeVisible();

    // Settings (F2), not the first-run setup, show what was saved, the template included; the token only as stored.
    await openSettingsWithF2(page, 'en');
    await expect(page.getByRole('heading', { name: 'Welcome to Waybill Print Station' })).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Gateway address' })).toHaveValue(sandboxGateway.url);
    await expect(page.getByRole('textbox', { name: 'Access token' })).toHaveValue('');
    await expect(page.getByText(`A token is stored (ends in ${sandboxGateway.token.slice(-4)})`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Address of template 1' })).toHaveValue('https://cloudprint.cainiao.com/template/standard/101/3');
    await expect(page.getByRole('combobox', { name: 'Order channel' }).locator('..')).toContainText('Pinduoduo (PDD)');
    await expect(page.getByRole('textbox', { name: 'Shop id of shop 2' })).toHaveValue('57301875');
    await expect(page.getByRole('textbox', { name: 'Merchant user id of shop 2' })).toHaveValue('2201385311');
    await expect(page.getByRole('textbox', { name: 'Display name of shop 2' })).toHaveValue('小满家居');
    await expect(page.locator('[data-shop-row="2"]')).toContainText('Green');
  });

  test('says what is wrong, and what to do, when the gateway refuses the token (English)', async ({ openStation, sandboxGateway }) => {
    const page = await openStation('en-US');
    await page.getByRole('radiogroup', { name: 'Gateway' }).getByText('Real gateway').click();
    // The real account starts empty: never the demo shop's id, nick or merchant id.
    for (const name of ['Shop id (owner_id)', 'Seller nickname', 'Merchant user id']) await expect(page.getByRole('textbox', { name })).toHaveValue('');
    await page.getByRole('textbox', { name: 'Gateway address' }).fill(sandboxGateway.url);
    await page.getByRole('textbox', { name: 'Access token' }).fill('not-the-token');
    await page.getByRole('textbox', { name: 'Shop id (owner_id)' }).fill('57301862');
    await page.getByRole('textbox', { name: 'Seller nickname' }).fill('小满百货旗舰店');
    await page.getByRole('textbox', { name: 'Merchant user id' }).fill('2201385297');
    await page.getByRole('textbox', { name: 'Sender name' }).fill('王小满');
    await page.getByRole('textbox', { name: 'Sender phone' }).fill('0571-88886666');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const report = page.getByRole('group', { name: 'Connection test result' });
    await expect(report.getByRole('alert')).toHaveCount(2);
    await expect(report.getByRole('alert').first()).toContainText('The gateway rejected the access token: it is wrong, expired or revoked.');
    await expect(report.getByRole('alert').first()).toContainText('Paste the current token from the gateway operator into Settings → Gateway connection');
    // The gateway's own words are for its developers ("set the access token in the request header"): never shown at the desk.
    await expect(report).not.toContainText('请求头');
  });

  test('names a wrong shop id as the shop id, not as the seller nickname (中文)', async ({ openStation, sandboxGateway }) => {
    const page = await openStation('zh-CN');
    await page.getByRole('radiogroup', { name: '网关' }).getByText('正式网关').click();
    await page.getByRole('textbox', { name: '网关地址' }).fill(sandboxGateway.url);
    await page.getByRole('textbox', { name: '访问令牌' }).fill(sandboxGateway.token);
    await page.getByRole('textbox', { name: '店铺 ID（owner_id）' }).fill('99999999');
    await page.getByRole('textbox', { name: '卖家昵称' }).fill('小满百货旗舰店');
    await page.getByRole('textbox', { name: '商家用户 ID' }).fill('2201385297');
    await page.getByRole('textbox', { name: '寄件人姓名' }).fill('王小满');
    await page.getByRole('textbox', { name: '寄件人电话' }).fill('0571-88886666');
    await page.getByRole('button', { name: '测试连接' }).click();
    const report = page.getByRole('group', { name: '连接测试结果' });
    await expect(report.getByText('网关找不到店铺 ID 为 99999999 的店铺。').first()).toBeVisible();
    await expect(report).not.toContainText('卖家昵称“');
  });

  test('checks the fields before saving, in the UI language', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    await page.getByRole('radiogroup', { name: '网关' }).getByText('正式网关').click();
    await page.getByRole('textbox', { name: '网关地址' }).fill('gateway.example.com');
    await page.getByRole('textbox', { name: '商家用户 ID' }).fill('12.5');
    // A sender phone that is neither a mobile nor a landline with its area code.
    await page.getByRole('textbox', { name: '寄件人电话' }).fill('12345');
    await page.getByRole('button', { name: '保存并开始使用' }).click();
    await expect(page.getByText('寄件人电话：请填手机号（13857100123，可带 +86）、带区号的座机（0571-88012345，可带分机 -801），或两者用 / 隔开；每个号码最多 19 位')).toBeVisible();
    await expect(page.getByText('请输入以 http:// 或 https:// 开头的地址')).toBeVisible();
    await expect(page.getByText('请输入商家用户 ID（整数）')).toBeVisible();
    await expect(page.getByText('请输入访问令牌')).toBeVisible();
    await expect(ordersGrid(page)).toBeHidden();
  });

  test('brings the first wrong field into view with the focus in it when "Test connection" cannot start (English, 1366×768)', async ({ openStation }) => {
    const page = await openStation('en-US');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('radiogroup', { name: 'Gateway' }).getByText('Real gateway').click();
    await page.getByRole('textbox', { name: 'Gateway address' }).fill('https://gateway.example.com');
    // No token typed: the test cannot start, and says so where the token goes, in view.
    await page.getByRole('button', { name: 'Test connection' }).click();
    const token = page.getByRole('textbox', { name: 'Access token' });
    await expect(token).toBeFocused();
    await expect(token).toBeInViewport();
    await expect(page.getByText('Enter the access token')).toBeInViewport();
  });

  test('remembers the language chosen over the system language', async ({ openStation, request, stationHost }) => {
    const page = await openStation('zh-CN');
    await page.getByRole('radiogroup', { name: '语言' }).getByText('English').click();
    await expect(page.getByRole('heading', { name: 'Welcome to Waybill Print Station' })).toBeVisible();
    // The switch is at once; the station keeps the choice as soon as its save lands (a loaded machine: after the switch).
    await expect.poll(async () => (await stationCall(request, stationHost, 'settings.get', {})).settings.ui.language).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Waybill Print Station' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  });
});
