import { expect, test } from './station-fixtures';

/** The China calendar date `days` after today, as the gateway writes dates. */
function chinaDatePlus(days: number): string {
  const shifted = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

test.describe('account bar in demo mode (embedded sandbox)', () => {
  // The tests only read the account and call the bridge: one host for them all.
  test.use({ stationPerFile: true });

  test('reads the subscription end date from the sandbox through the bridge (zh-CN)', async ({ openStation }) => {
    const page = await openStation('zh-CN');
    const account = page.getByRole('group', { name: '账户' });
    await expect(account.getByText('演示模式（沙箱网关）')).toBeVisible();
    const ends = account.getByText('订购剩 5 天');
    await expect(ends).toBeVisible();
    await expect(ends).toHaveAttribute('title', `订购到期 ${chinaDatePlus(5)}`);
    // The shop by its name, its id on hover.
    // The demo account's three shops: the first by its name and how many more; on hover each shop with its id.
    const shop = account.locator('[title^="小满百货 (57301862)"]');
    await expect(shop).toHaveText(/店铺: 小满百货 \+2$/);
    await expect(shop).toHaveAttribute('title', '小满百货 (57301862)\n小满家居 (57301875)\n小满母婴 (60418827)');
  });

  test('shows the same in English, with the under-7-days warning', async ({ openStation }) => {
    const page = await openStation('en-US');
    const ends = page.getByRole('group', { name: 'Account' }).getByText('Subscription: 5 days left');
    await expect(ends).toBeVisible();
    await expect(ends).toHaveAttribute('data-severity', 'warning');
    await expect(ends).toHaveAttribute('title', `Subscription ends ${chinaDatePlus(5)}`);
  });

  test('refuses contract calls without the run key or from a foreign origin', { tag: '@host-only' }, async ({ request, stationHost }) => {
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
