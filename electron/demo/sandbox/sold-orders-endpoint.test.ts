import { afterEach, describe, expect, it } from 'vitest';
import { formatChinaDateTime } from '../../../shared/time/china-time';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';
import { DEFAULT_SOLD_ORDERS_PAGE_SIZE } from './sold-orders-endpoint';
import { callEndpoint, defined } from './testing/test-requests';

type Entry = Record<string, unknown>;
interface Page {
  content: Entry[];
  page: number;
  pageSize?: number;
  totalElements?: number;
  page_size?: number;
  total_elements?: number;
}

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  sandbox = await startSandbox({ rateLimit: { maxCalls: 1000, windowMs: 1000 }, ...options });
  return sandbox;
}

const fetchPage = async (running: RunningSandbox, fields: Record<string, string | number>) => {
  const { envelope } = await callEndpoint(running, 'sold-orders', { owner_id: running.shopId, ...fields });
  return { code: envelope.code, msg: envelope.msg, data: envelope.data as Page };
};

describe('sold orders: paging', () => {
  it('pages from 0 to the end with a short last page; a page past the end is empty', async () => {
    const running = await start({ orders: 250 });
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const { code, data } = await fetchPage(running, { page, pageSize: 100 });
      expect(code).toBe(0);
      expect(data).toMatchObject({ page, pageSize: 100, totalElements: 250 });
      seen.push(...data.content.map((entry) => entry.order_sn as string));
      if (data.content.length < 100) {
        expect(page).toBe(2);
        expect(data.content).toHaveLength(50);
        break;
      }
    }
    expect(new Set(seen).size).toBe(250);
    expect(seen).toEqual(running.orders().map((order) => order.orderSn));
    const past = await fetchPage(running, { page: 3, pageSize: 100 });
    expect(past.data.content).toEqual([]);
    expect(past.data.totalElements).toBe(250);
  });

  it('defaults to page 0 of 20, and refuses pageSize over 100 or a negative page', async () => {
    const running = await start({ orders: 50 });
    const first = await fetchPage(running, {});
    expect(DEFAULT_SOLD_ORDERS_PAGE_SIZE).toBe(20);
    expect(first.data).toMatchObject({ page: 0, pageSize: 20 });
    expect(first.data.content).toHaveLength(20);
    expect((await fetchPage(running, { pageSize: 101 })).code).toBe(100);
    expect((await fetchPage(running, { pageSize: 0 })).code).toBe(100);
    expect((await fetchPage(running, { page: -1 })).code).toBe(100);
    expect((await fetchPage(running, { page: 'first' })).code).toBe(100);
    expect((await fetchPage(running, { vvtype: 3 })).code).toBe(100);
  });

  it('accepts url-encoded forms as well as multipart, and refuses JSON', async () => {
    const running = await start({ orders: 30 });
    const response = await fetch(`${running.url}/papi/tool/erps/paging-orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running.token}` },
      body: new URLSearchParams({ owner_id: running.shopId, pageSize: '5' }),
    });
    const envelope = (await response.json()) as { code: number; data: Page };
    expect(envelope.code).toBe(0);
    expect(envelope.data.content).toHaveLength(5);
    const json = await fetch(`${running.url}/papi/tool/erps/paging-orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${running.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ owner_id: running.shopId }),
    });
    expect(((await json.json()) as { code: number }).code).toBe(100);
  });
});

describe('sold orders: enhanced-only filters', () => {
  it('honours remarkTag, remark, remarkTagName and the time range with vvtype 1, ignores them with vvtype 2', async () => {
    const running = await start({ orders: 400 });
    const orders = running.orders();
    const flagged = orders.filter((order) => order.remarkTag === 1);
    expect(flagged.length).toBeGreaterThan(0);

    const byTag = await fetchPage(running, { vvtype: 1, remarkTag: 1, pageSize: 100 });
    expect(byTag.data.totalElements).toBe(flagged.length);
    expect(byTag.data.content.every((entry) => entry.remark_tag === 1)).toBe(true);
    const ignored = await fetchPage(running, { vvtype: 2, remarkTag: 1, pageSize: 100 });
    expect(ignored.data.totalElements).toBe(400);

    const withRemark = orders.filter((order) => order.remark.includes('驿站'));
    expect((await fetchPage(running, { remark: '驿站' })).data.totalElements).toBe(withRemark.length);
    const tagName = defined(flagged[0]?.remarkTagName);
    expect((await fetchPage(running, { remarkTagName: tagName })).data.totalElements).toBe(orders.filter((order) => order.remarkTagName?.includes(tagName)).length);

    // Confirmation time range, written as China time.
    const sorted = [...orders].sort((a, b) => a.confirmTime - b.confirmTime);
    const from = defined(sorted[100]).confirmTime;
    const to = defined(sorted[199]).confirmTime;
    const inRange = orders.filter((order) => order.confirmTime >= Math.floor(from / 1000) * 1000 && order.confirmTime <= Math.floor(to / 1000) * 1000);
    const ranged = await fetchPage(running, { vvtype: 1, start_time: formatChinaDateTime(from), end_time: formatChinaDateTime(to), pageSize: 100 });
    expect(ranged.data.totalElements).toBe(inRange.length);
    expect((await fetchPage(running, { vvtype: 2, start_time: formatChinaDateTime(from) })).data.totalElements).toBe(400);
    expect((await fetchPage(running, { start_time: 'yesterday' })).code).toBe(100);
    expect((await fetchPage(running, { remarkTag: 6 })).code).toBe(100);
  });
});

describe('sold orders: wire shapes', () => {
  it("writes the sample's names and types by default", async () => {
    const running = await start({ orders: 120 });
    const { data } = await fetchPage(running, { pageSize: 100 });
    const entry = defined(data.content[0]);
    const order = defined(running.orders()[0]);
    expect(entry).toMatchObject({
      receiver_name: order.receiverName,
      receiver_phone: order.receiverPhone,
      province: order.province,
      city: order.city,
      town: order.district,
      receiver_address: order.address,
      order_sn: order.orderSn,
      goods_spec: order.goodsSpec,
      is_pre_sale: order.isPreSale,
      last_ship_time: order.lastShipTime,
      confirm_time: order.confirmTime,
      goods_count: order.goodsCount,
      pay_amount: order.payAmountFen / 100,
      order_status: order.orderStatus,
      withholding_money: 1,
    });
    expect(entry).not.toHaveProperty('address');
    expect(data.content.some((candidate) => candidate.remark_tag === null && candidate.remark_tag_name === null)).toBe(true);
    expect(data.content.every((candidate) => candidate.withholding_money === 1)).toBe(true);
  });

  it("writes the field table's names, numeric strings and China-time strings with quirks 'field-table'", async () => {
    const running = await start({ orders: 120, quirks: 'field-table' });
    const { data } = await fetchPage(running, { pageSize: 100 });
    expect(data).toMatchObject({ page: 0, page_size: 100, total_elements: 120 });
    expect(data).not.toHaveProperty('totalElements');
    const entry = defined(data.content[0]);
    const order = defined(running.orders()[0]);
    expect(entry).toMatchObject({
      address: order.address,
      is_pre_sale: String(order.isPreSale),
      last_ship_time: formatChinaDateTime(order.lastShipTime),
      confirm_time: formatChinaDateTime(order.confirmTime),
      goods_count: String(order.goodsCount),
      pay_amount: (order.payAmountFen / 100).toFixed(2),
      order_status: '1',
    });
    expect(entry.last_ship_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(entry).not.toHaveProperty('receiver_address');
    expect(entry).not.toHaveProperty('goods_spec');
    const tagged = defined(data.content.find((candidate) => candidate.remark_tag !== null));
    expect(tagged.remark_tag).toMatch(/^[1-5]$/);
  });
});

describe('sold orders: a receiver corrected on the platform', () => {
  it('sends the corrected receiver, masked, from then on', async () => {
    const running = await start({ orders: 40 });
    const missing = defined(running.orders().find((order) => order.notes.includes('receiver-phone-missing')));
    const edited = running.editOrderReceiver(missing.orderSn, { mobile: '13812345678' });
    expect(edited).toMatchObject({ receiverPhone: '138****5678', clear: { mobile: '13812345678' } });
    const { data } = await fetchPage(running, { page: 0, pageSize: 100 });
    expect(defined(data.content.find((entry) => entry.order_sn === missing.orderSn)).receiver_phone).toBe('138****5678');
    expect(() => running.editOrderReceiver('no-such-order', { mobile: '13812345678' })).toThrow(/unknown order/);
  });
});
