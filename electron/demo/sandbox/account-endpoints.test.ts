import { afterEach, describe, expect, it } from 'vitest';
import { findCarrier } from '../../../shared/domain/carriers';
import { dayMs, formatChinaDateTime } from '../../../shared/time/china-time';
import { readGatewayTime } from '../../gateway/decoding/tolerant-values';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';
import { callEndpoint, defined, issueBody, issueEntry, plainOrders } from './testing/test-requests';

// The two account endpoints: network (branch) info and the subscription period.

interface Branch {
  branch_code: string;
  quantity: number;
  allocated_quantity: number;
  service_info_cols: Array<{ service_code: string; service_attributes: unknown[] }>;
  shipp_address_cols: Array<{ country: string; province: string; city: string; district: string; detail: string }>;
  vas_account_cols: unknown[];
}
interface Carrier {
  wp_code: string;
  wp_type: number;
  branch_account_cols: Branch[];
  withholding_money?: number;
}

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  sandbox = await startSandbox({ orders: 50, rateLimit: { maxCalls: 1000, windowMs: 1000 }, ...options });
  return sandbox;
}

const networkInfo = async (running: RunningSandbox, extra: object = {}) => {
  const { envelope } = await callEndpoint(running, 'network-info', { owner_id: running.shopId, platform: '1', ...extra });
  return envelope as { code: number; msg: string; data: { content: Carrier[]; withholding_money?: number } };
};

describe('network info', () => {
  it('lists at least three carriers with branches, balances, services and sender addresses', async () => {
    const running = await start();
    const { code, data } = await networkInfo(running);
    expect(code).toBe(0);
    expect(data.content.length).toBeGreaterThanOrEqual(3);
    for (const carrier of data.content) {
      expect(findCarrier(carrier.wp_code)).toBeDefined();
      expect([1, 2, 3, 4]).toContain(carrier.wp_type);
      expect(carrier.branch_account_cols.length).toBeGreaterThan(0);
      for (const branch of carrier.branch_account_cols) {
        expect(branch.service_info_cols.every((service) => /^SVC-/.test(service.service_code) && service.service_attributes.length > 0)).toBe(true);
        expect(branch.shipp_address_cols.length).toBeGreaterThan(0);
        expect(branch.shipp_address_cols[0]).toMatchObject({ country: '中国', province: '浙江省' });
      }
    }
    const codes = data.content.flatMap((carrier) => carrier.branch_account_cols.flatMap((branch) => branch.service_info_cols.map((service) => service.service_code)));
    expect(codes).toEqual(expect.arrayContaining(['SVC-COD', 'SVC-INSURE']));
    // One branch is nearly empty; YUNDA is known but not open, so not listed.
    expect(data.content.flatMap((carrier) => carrier.branch_account_cols).some((branch) => branch.quantity > 0 && branch.quantity < 10)).toBe(true);
    expect(data.content.map((carrier) => carrier.wp_code)).not.toContain('YUNDA');
    expect(data.withholding_money).toBe(1);
  });

  it('shows balances moving as waybills are issued', async () => {
    const running = await start();
    const branchOf = (content: Carrier[]) =>
      defined(defined(content.find((carrier) => carrier.wp_code === 'YTO')).branch_account_cols.find((branch) => branch.branch_code === '571001'));
    const before = branchOf((await networkInfo(running)).data.content);
    const issue = await callEndpoint(running, 'issue', issueBody(running, plainOrders(running, 3).map((order) => issueEntry(running, [order]))));
    expect(issue.envelope.code).toBe(0);
    const after = branchOf((await networkInfo(running)).data.content);
    expect(after.quantity).toBe(before.quantity - 3);
    expect(after.allocated_quantity).toBe(before.allocated_quantity + 3);
  });

  it('filters by wp_code, accepts only platform "1" and ignores vvtype', async () => {
    const running = await start();
    const sf = await networkInfo(running, { wp_code: 'SF', vvtype: 9 });
    expect(sf.code).toBe(0);
    expect(sf.data.content.map((carrier) => carrier.wp_code)).toEqual(['SF']);
    expect((await networkInfo(running, { wp_code: 'YUNDA' })).data.content).toEqual([]);
    expect((await networkInfo(running, { platform: '2' })).code).toBe(100);
    expect((await networkInfo(running, { platform: undefined })).code).toBe(100);
  });

  it("puts withholding_money in each carrier record with quirks 'field-table'", async () => {
    const running = await start({ quirks: 'field-table' });
    const { data } = await networkInfo(running);
    expect(data).not.toHaveProperty('withholding_money');
    expect(data.content.every((carrier) => carrier.withholding_money === 1)).toBe(true);
  });
});

describe('subscription period', () => {
  const subscription = async (running: RunningSandbox, fields: object, path?: string) => {
    const { envelope } = await callEndpoint(running, 'subscription', { nick: running.sellerNick, ...fields }, { path });
    return envelope as { code: number; data: { start_date: string | number; end_date: string | number; status: string; version_no: number; withholding_money: number } };
  };

  it('answers on both paths; the demo subscription ends in five days', async () => {
    const running = await start();
    for (const path of ['/papi/tool/accounts/vcsi', '/papi/tool/erps/subscribe']) {
      const { code, data } = await subscription(running, {}, path);
      expect(code).toBe(0);
      expect(data).toMatchObject({ status: '使用中', version_no: 1, withholding_money: 1 });
      expect(data.end_date).toMatch(/^\d{4}-\d{2}-\d{2} 23:59:59$/);
      const daysLeft = (defined(readGatewayTime(String(data.end_date))) - Date.now()) / dayMs;
      expect(daysLeft).toBeGreaterThan(5);
      expect(daysLeft).toBeLessThanOrEqual(6);
      expect(defined(readGatewayTime(String(data.start_date)))).toBeLessThan(Date.now());
    }
  });

  it('reports the edition asked for and refuses undocumented ones', async () => {
    const running = await start();
    expect((await subscription(running, { vvtype: 2 })).data.version_no).toBe(2);
    expect((await subscription(running, { vvtype: 3 })).data.version_no).toBe(3);
    expect((await subscription(running, { vvtype: 4 })).code).toBe(100);
  });

  it('has a configurable period, shows expiry, and writes integers with quirks field-table', async () => {
    const start_ = Date.UTC(2024, 0, 1, 16, 0, 0);
    const end = Date.UTC(2024, 11, 31, 15, 59, 59);
    const running = await start({ subscriptionStart: start_, subscriptionEnd: end, quirks: 'field-table' });
    const { data } = await subscription(running, {});
    expect(data).toMatchObject({ start_date: start_ / 1000, end_date: end / 1000, status: '已过期' });
    await running.setSubscription({ start: start_, end: Date.now() + 30 * dayMs });
    expect((await subscription(running, {})).data.status).toBe('使用中');
    expect(formatChinaDateTime(end)).toBe('2024-12-31 23:59:59');
  });
});
