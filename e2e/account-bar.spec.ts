import { expect, test } from './station-fixtures';

/** The China calendar date `days` after today, as the gateway writes dates. */
function chinaDatePlus(days: number): string {
  const shifted = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

test.describe('account bar in demo mode (browser host, embedded sandbox)', () => {
  test('reads the subscription end date from the sandbox through the bridge (zh-CN)', async ({ browser, stationHost }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(stationHost.url);
    const account = page.getByRole('group', { name: '账户' });
    await expect(account.getByText('演示模式（沙箱网关）')).toBeVisible();
    await expect(account.getByText(`订购到期 ${chinaDatePlus(5)}（剩 5 天）`)).toBeVisible();
    await expect(account.getByText('店铺: 57301862')).toBeVisible();
    await context.close();
  });

  test('shows the same in English, with the under-7-days warning', async ({ browser, stationHost }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(stationHost.url);
    const ends = page.getByRole('group', { name: 'Account' }).getByText(`Subscription ends ${chinaDatePlus(5)} (5 days left)`);
    await expect(ends).toBeVisible();
    await expect(ends).toHaveAttribute('data-severity', 'warning');
    await context.close();
  });

  test('refuses contract calls without the run key or from a foreign origin', async ({ request, stationHost }) => {
    const origin = new URL(stationHost.url).origin;
    const key = new URL(stationHost.url).searchParams.get('key') ?? '';
    const withoutKey = await request.post(`${origin}/ipc/subscription.get`, { data: {} });
    expect(withoutKey.status()).toBe(403);
    expect((await withoutKey.json()).error.code).toBe('host.refused');
    const foreign = await request.post(`${origin}/ipc/subscription.get`, { data: {}, headers: { 'x-station-key': key, origin: 'http://evil.example' } });
    expect(foreign.status()).toBe(403);
    const good = await request.post(`${origin}/ipc/subscription.get`, { data: {}, headers: { 'x-station-key': key } });
    expect((await good.json()).ok).toBe(true);
  });
});
