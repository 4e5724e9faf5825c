import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxCall, type SandboxFaults } from './index';
import { callEndpoint, defined, plainOrders } from './testing/test-requests';

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ orders: 50, adminRoutes: true });
});
afterEach(async () => {
  await sandbox.close();
});

async function admin(method: 'GET' | 'POST', path: string, body?: object, token: string | null = sandbox.token) {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, { method, headers, body: body && JSON.stringify(body) });
  return (await response.json()) as { code: number; msg: string; data: unknown };
}

describe('admin routes', () => {
  it('need the token', async () => {
    expect((await admin('GET', 'calls', undefined, null)).code).toBe(401);
    expect((await admin('GET', 'calls', undefined, 'wrong')).code).toBe(401);
  });

  it('show the call log and the violations, and clear the log; they are not calls themselves', async () => {
    await Promise.all(Array.from({ length: 11 }, () => callEndpoint(sandbox, 'subscription', { nick: sandbox.sellerNick })));
    const calls = (await admin('GET', 'calls')).data as SandboxCall[];
    expect(calls).toHaveLength(11);
    expect(calls.filter((call) => call.code === 0)[0]).toMatchObject({ path: '/papi/tool/accounts/vcsi', endpoint: 'subscription', body: { nick: sandbox.sellerNick } });
    expect((await admin('GET', 'violations')).data).toEqual({ violations: 1 });
    await admin('POST', 'calls');
    expect((await admin('GET', 'calls')).data).toEqual([]);
    expect(sandbox.calls()).toEqual([]);
  });

  it('read and change faults', async () => {
    const changed = (await admin('POST', 'faults', { busyRate: 1, latencyMs: 5 })).data as SandboxFaults;
    expect(changed).toMatchObject({ busyRate: 1, latencyMs: 5 });
    expect(((await admin('GET', 'faults')).data as SandboxFaults).busyRate).toBe(1);
    expect((await callEndpoint(sandbox, 'subscription', { nick: sandbox.sellerNick })).envelope.code).toBe(202);
    expect((await admin('POST', 'faults', { busyRate: 2 })).code).toBe(100);
  });

  it('read and change the state, and issue orders "elsewhere"', async () => {
    const state = (await admin('POST', 'state', { pointsBalance: 77, branchBalances: { '571001': 9 }, accountAccess: 'no-quota', unauthorizedShops: ['1'] })).data as {
      pointsBalance: number;
      branches: Array<{ branchCode: string; quantity: number }>;
    };
    expect(state.pointsBalance).toBe(77);
    expect(state.branches.find((branch) => branch.branchCode === '571001')?.quantity).toBe(9);
    expect((await callEndpoint(sandbox, 'subscription', { nick: sandbox.sellerNick })).envelope.code).toBe(204);
    expect((await admin('POST', 'state', { accountAccess: 'maybe' })).code).toBe(100);
    expect((await admin('POST', 'state', { branchBalances: { nowhere: 1 } })).code).toBe(100);

    const order = defined(plainOrders(sandbox, 1)[0]);
    const issued = await admin('POST', 'issued-elsewhere', { orderNumbers: [order.orderSn], cpCode: 'ZTO' });
    expect(issued.code).toBe(0);
    expect(sandbox.issuedWaybill(order.orderSn)).toMatchObject({ cpCode: 'ZTO', source: 'elsewhere' });
    expect(((await admin('GET', 'state')).data as { issued: unknown[] }).issued).toHaveLength(1);
    expect((await admin('POST', 'issued-elsewhere', { orderNumbers: [order.orderSn] })).code).toBe(100);
  });
});
