import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES } from '../../../shared/gateway/envelope-codes';
import { GATEWAY_ENDPOINTS, type GatewayEndpointId } from '../../../shared/gateway/endpoints';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './index';
import { callEndpoint, issueBody, issueEntry, plainOrders } from './testing/test-requests';

// Every envelope code the sandbox produces, over real HTTP: 0 on each endpoint and alias, 100,
// 101, 103, 202, 204 (both messages), 302, 401, 404 and HTTP 5xx. 614 has its own test file;
// the rate-limit 202 is in rate-limit.test.ts.

let sandbox: RunningSandbox | null = null;
afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
});

async function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  sandbox = await startSandbox({ orders: 100, rateLimit: { maxCalls: 1000, windowMs: 1000 }, ...options });
  return sandbox;
}

/** A valid body for each endpoint. */
function validBody(running: RunningSandbox, id: GatewayEndpointId): object {
  switch (id) {
    case 'query-issued':
      return { shop_id: running.shopId, vvtype: 1, param_list: [{ biz_sub_code: plainOrders(running, 1)[0]?.orderSn, object_id: '1' }] };
    case 'subscription':
      return { nick: running.sellerNick };
    case 'issue':
      return issueBody(running, [issueEntry(running, plainOrders(running, 1, running.issuedWaybills().length))]);
    case 'network-info':
      return { owner_id: running.shopId, platform: '1' };
    case 'sold-orders':
      return { owner_id: running.shopId, page: 0, pageSize: 10 };
  }
}

const ENVELOPE_KEYS = ['code', 'data', 'msec', 'msg', 'time'];

async function raw(running: RunningSandbox, path: string, init: RequestInit = {}) {
  const response = await fetch(`${running.url}${path}`, { method: 'POST', ...init });
  const envelope = (await response.json()) as { code: number; msg: string; data: unknown };
  expect(Object.keys(envelope).sort()).toEqual(ENVELOPE_KEYS);
  return { status: response.status, ...envelope };
}

const auth = (running: RunningSandbox) => ({ authorization: `Bearer ${running.token}` });

describe('code 0 on every endpoint and alias', () => {
  const paths = GATEWAY_ENDPOINTS.flatMap((endpoint) => [endpoint.path, endpoint.alias].filter((path): path is string => path !== null).map((path) => [endpoint.id, path] as const));

  it.each(paths)('%s at %s', async (id, path) => {
    const running = await start();
    const { status, envelope } = await callEndpoint(running, id, validBody(running, id), { path });
    expect(status).toBe(200);
    expect(envelope.code, envelope.msg).toBe(0);
    expect(Object.keys(envelope).sort()).toEqual(ENVELOPE_KEYS);
    expect(running.calls().at(-1)).toMatchObject({ path, endpoint: id, code: 0, httpStatus: 200, token: running.token, rateLimited: false, fault: null });
  });

  it('charges every successful call; withholding_money sits where the sample puts it', async () => {
    const running = await start();
    const points = running.pointsBalance();
    const network = await callEndpoint(running, 'network-info', validBody(running, 'network-info'));
    expect(network.envelope.data).toMatchObject({ withholding_money: 1 });
    const subscription = await callEndpoint(running, 'subscription', validBody(running, 'subscription'));
    expect(subscription.envelope.data).toMatchObject({ withholding_money: 1 });
    const query = await callEndpoint(running, 'query-issued', validBody(running, 'query-issued'));
    expect(query.envelope.data).toMatchObject({ withholding_money: 1 });
    const orders = await callEndpoint(running, 'sold-orders', validBody(running, 'sold-orders'));
    expect((orders.envelope.data as { content: Array<{ withholding_money: number }> }).content[0]?.withholding_money).toBe(1);
    const issue = await callEndpoint(running, 'issue', validBody(running, 'issue'));
    expect(issue.envelope.data).toMatchObject({ withholding_money: 2 });
    expect(running.pointsBalance()).toBe(points - 6);
  });
});

describe('code 100: parameters and bodies', () => {
  it('answers 100 for an unparsable or wrong-kind body, and a missing parameter', async () => {
    const running = await start();
    const json = { ...auth(running), 'content-type': 'application/json' };
    expect((await raw(running, '/papi/tool/erps/waybill', { headers: json, body: '{"shop_id": ' })).code).toBe(100);
    expect((await raw(running, '/papi/tool/erps/waybill', { headers: json, body: '[1,2]' })).code).toBe(100);
    expect((await raw(running, '/papi/tool/erps/waybill', { headers: { ...auth(running), 'content-type': 'text/plain' }, body: '{}' })).code).toBe(100);
    expect((await raw(running, '/papi/tool/erps/waybill', { headers: { ...auth(running), 'content-type': 'application/xml' }, body: '<a/>' })).code).toBe(100);
    const brokenMultipart = { ...auth(running), 'content-type': 'multipart/form-data; boundary=XYZ' };
    expect((await raw(running, '/papi/tool/accounts/vcsi', { headers: brokenMultipart, body: '--XYZ\r\nContent-Disposition: form-data; name="nick"\r\n\r\nx' })).code).toBe(100);
    const missing = await raw(running, '/papi/tool/accounts/vcsi', { headers: auth(running) });
    expect(missing.code).toBe(100);
    expect(missing.msg).toContain('nick');
    expect(running.calls().every((call) => call.code === 100)).toBe(true);
  });
});

describe('faults answered as codes', () => {
  it('101 when the upstream timed out', async () => {
    const running = await start({ faults: { timeoutRate: 1 } });
    const { envelope } = await callEndpoint(running, 'subscription', validBody(running, 'subscription'));
    expect(envelope).toMatchObject({ code: 101, msg: GATEWAY_MESSAGES.timedOut, data: null });
  });

  it('202 "system busy" (not the rate-limit message) when busy', async () => {
    const running = await start({ faults: { busyRate: 1 } });
    const { envelope } = await callEndpoint(running, 'network-info', validBody(running, 'network-info'));
    expect(envelope).toMatchObject({ code: 202, msg: GATEWAY_MESSAGES.busy });
    expect(running.violations()).toBe(0);
  });

  it('HTTP 5xx with an envelope on a server error', async () => {
    const running = await start({ faults: { serverErrorRate: 1 } });
    const { status, envelope } = await callEndpoint(running, 'sold-orders', validBody(running, 'sold-orders'));
    expect(status).toBeGreaterThanOrEqual(500);
    expect(envelope.code).toBe(200);
    expect(running.calls().at(-1)).toMatchObject({ httpStatus: 502, fault: 'server-error' });
  });
});

describe('103, 204, 302, 401, 404', () => {
  it('103 for a nick or shop that does not exist', async () => {
    const running = await start();
    expect((await callEndpoint(running, 'subscription', { nick: 'someone-else' })).envelope.code).toBe(103);
    expect((await callEndpoint(running, 'network-info', { owner_id: '999', platform: '1' })).envelope.code).toBe(103);
    expect((await callEndpoint(running, 'sold-orders', { owner_id: '999' })).envelope.code).toBe(103);
  });

  it('204 with two distinct messages: no permission, no quota (also when the points run out)', async () => {
    const running = await start({ accountAccess: 'no-permission' });
    const noPermission = await callEndpoint(running, 'network-info', validBody(running, 'network-info'));
    expect(noPermission.envelope).toMatchObject({ code: 204, msg: GATEWAY_MESSAGES.noPermission });
    running.setAccountAccess('no-quota');
    const noQuota = await callEndpoint(running, 'network-info', validBody(running, 'network-info'));
    expect(noQuota.envelope).toMatchObject({ code: 204, msg: GATEWAY_MESSAGES.noQuota });
    expect(noPermission.envelope.msg).not.toBe(noQuota.envelope.msg);

    running.setAccountAccess('ok');
    await running.setPointsBalance(1);
    expect((await callEndpoint(running, 'issue', validBody(running, 'issue'))).envelope).toMatchObject({ code: 204, msg: GATEWAY_MESSAGES.noQuota });
    expect((await callEndpoint(running, 'network-info', validBody(running, 'network-info'))).envelope.code).toBe(0);
    expect(running.pointsBalance()).toBe(0);
    expect((await callEndpoint(running, 'network-info', validBody(running, 'network-info'))).envelope.code).toBe(204);
  });

  it('302 with an https data.auth_url for a shop that has not authorized the caller', async () => {
    const running = await start({ unauthorizedShops: ['66660001'] });
    const bodies: Array<[GatewayEndpointId, object]> = [
      ['query-issued', { ...validBody(running, 'query-issued'), shop_id: '66660001' }],
      ['sold-orders', { owner_id: '66660001' }],
      ['network-info', { owner_id: '66660001', platform: '1' }],
    ];
    for (const [id, body] of bodies) {
      const { envelope } = await callEndpoint(running, id, body);
      expect(envelope.code, id).toBe(302);
      const url = new URL((envelope.data as { auth_url: string }).auth_url);
      expect(url.protocol).toBe('https:');
    }
    running.setUnauthorizedShops([running.shopId]);
    expect((await callEndpoint(running, 'sold-orders', validBody(running, 'sold-orders'))).envelope.code).toBe(302);
  });

  it('401 without a token, with a wrong one, or without the Bearer scheme', async () => {
    const running = await start();
    for (const token of [null, 'wrong-token']) {
      const { status, envelope } = await callEndpoint(running, 'network-info', validBody(running, 'network-info'), { token });
      expect(status).toBe(200);
      expect(envelope).toMatchObject({ code: 401, data: null });
    }
    const basic = await raw(running, '/papi/tool/erps/ks-network-info', { headers: { authorization: `Basic ${running.token}` } });
    expect(basic.code).toBe(401);
    expect(running.calls().map((call) => call.token)).toEqual([null, 'wrong-token', null]);
  });

  it('404 for an unknown path, a method other than POST, and the admin paths when disabled', async () => {
    const running = await start();
    expect((await raw(running, '/papi/tool/erps/nothing', { headers: auth(running) })).code).toBe(404);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${running.url}/papi/tool/erps/waybill`, { method, headers: auth(running) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { code: number }).code, method).toBe(404);
    }
    expect((await raw(running, '/__sandbox/calls', { method: 'GET', headers: auth(running) })).code).toBe(404);
    expect(running.calls()[0]).toMatchObject({ endpoint: null, code: 404 });
  });

  it("mirrors 401 and 404 in the HTTP status with errorHttpStatus 'mirror-code'", async () => {
    const running = await start({ errorHttpStatus: 'mirror-code' });
    expect((await raw(running, '/papi/tool/erps/nothing', { headers: auth(running) })).status).toBe(404);
    expect((await raw(running, '/papi/tool/erps/waybill')).status).toBe(401);
    expect((await callEndpoint(running, 'subscription', { nick: 'nobody' })).status).toBe(200);
  });
});
