import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dayMs } from '../../../shared/time/china-time';
import { startSandbox, type RunningSandbox } from './index';
import { readStateFile } from './state-file';
import { callEndpoint, defined, issueBody, issueEntry, plainOrders } from './testing/test-requests';

let dir: string;
let dataFile: string;
const running: RunningSandbox[] = [];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-state-'));
  dataFile = join(dir, 'sandbox.json');
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  const sandbox = await startSandbox({ orders: 200, dataFile, ...options });
  running.push(sandbox);
  return sandbox;
}

describe('state in a data file', () => {
  it('survives a restart: issued waybills, balances, points, and the same demo orders', async () => {
    const first = await start({ seed: 5 });
    const orders = plainOrders(first, 3);
    const issue = await callEndpoint(first, 'issue', issueBody(first, orders.map((order) => issueEntry(first, [order]))));
    expect(issue.envelope.code).toBe(0);
    const elsewhereOrder = defined(plainOrders(first, 1, 3)[0]);
    await first.markIssuedElsewhere([elsewhereOrder.orderSn], { cpCode: 'SF' });
    await first.setBranchBalance('57112', 42);
    const snapshot = {
      issued: first.issuedWaybills(),
      balances: first.branchBalances(),
      points: first.pointsBalance(),
      orders: first.orders(),
      subscription: first.subscription(),
    };
    await first.close();

    // Options of a fresh start do not override what the file holds.
    const second = await start({ seed: 6, orders: 10, points: 1 });
    expect(second.issuedWaybills()).toEqual(snapshot.issued);
    expect(second.branchBalances()).toEqual(snapshot.balances);
    expect(second.branchBalance('57112').quantity).toBe(42);
    expect(second.pointsBalance()).toBe(snapshot.points);
    expect(second.orders()).toEqual(snapshot.orders);
    expect(second.subscription()).toEqual(snapshot.subscription);

    // The restarted gateway still knows them: query finds the waybills, re-issue is an overlap.
    const query = await callEndpoint(second, 'query-issued', {
      shop_id: second.shopId,
      vvtype: 1,
      param_list: [...orders, elsewhereOrder].map((order) => order.orderSn).map((orderSn) => ({ biz_sub_code: orderSn, object_id: orderSn })),
    });
    const results = (query.envelope.data as { modules: { waybill_cloud_print_with_result_desc_response: Array<{ success: boolean }> } }).modules
      .waybill_cloud_print_with_result_desc_response;
    expect(results.every((result) => result.success)).toBe(true);
    const again = await callEndpoint(second, 'issue', issueBody(second, [issueEntry(second, [defined(orders[0])])]));
    expect(again.envelope.code).toBe(614);
    expect(again.envelope.msg).toContain(defined(orders[0]).orderSn);
    // New numbers go on from where the first run stopped: none is handed out twice.
    const next = await callEndpoint(second, 'issue', issueBody(second, [issueEntry(second, plainOrders(second, 1, 4))]));
    expect(next.envelope.code).toBe(0);
    const codes = second.issuedWaybills().map((waybill) => waybill.waybillCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('moves the order times forward by whole days when restarted days later, keeping the numbers', async () => {
    const first = await start({ generatedAt: Date.now() - 8.5 * dayMs });
    const before = first.orders();
    await first.close();
    const second = await start();
    const after = second.orders();
    expect(after.map((order) => order.orderSn)).toEqual(before.map((order) => order.orderSn));
    after.forEach((order, index) => {
      expect(order.confirmTime - defined(before[index]).confirmTime).toBe(8 * dayMs);
      expect(order.lastShipTime - defined(before[index]).lastShipTime).toBe(8 * dayMs);
    });
    expect(after.every((order) => order.confirmTime <= Date.now())).toBe(true);
  });

  it('is written before the answer leaves, atomically (no temp files left)', async () => {
    const sandbox = await start();
    const order = defined(plainOrders(sandbox, 1)[0]);
    const issue = await callEndpoint(sandbox, 'issue', issueBody(sandbox, [issueEntry(sandbox, [order])]));
    expect(issue.envelope.code).toBe(0);
    // Read while the sandbox is still running: the issued waybill is already on disk.
    expect(readStateFile(dataFile, [])?.issued.map((waybill) => waybill.orderNumbers)).toEqual([[order.orderSn]]);
    await Promise.all(Array.from({ length: 8 }, () => callEndpoint(sandbox, 'subscription', { nick: sandbox.sellerNick })));
    expect(readStateFile(dataFile, [])?.pointsBalance).toBe(sandbox.pointsBalance());
    expect(await readdir(dir)).toEqual(['sandbox.json']);
  });

  it('refuses to start from a file that is not a sandbox state', async () => {
    await writeFile(dataFile, JSON.stringify({ hello: 'world' }));
    await expect(startSandbox({ dataFile })).rejects.toThrow(/not a sandbox data file/);
  });
});
