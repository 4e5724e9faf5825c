import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueEntry, IssueRequest } from '../../shared/domain/issue-entry';
import type { Result } from '../../shared/result';
import type { SandboxFaults } from '../demo/sandbox/index';
import type { GatewayClient } from './gateway-client';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { demoIssueRequest, issuableEntries, itemAt, openGatewayTestBench } from './testing/gateway-test-bench';
import type { GatewayVariant, VariantAction } from './testing/gateway-variant-proxy';
import { startGatewayVariant } from './testing/gateway-variant-proxy';

let opened: GatewayTestBench;
const variants: GatewayVariant[] = [];
beforeAll(async () => {
  opened = await openGatewayTestBench({ sandbox: { orders: 200, token: 'tk-5f2b9c1e7a3d4b60-secret' }, logLevel: 'debug' });
});
afterAll(async () => {
  for (const variant of variants) await variant.close();
  await opened.close();
});

/** A gateway that answers every call one way, echoing the caller's token where it can. */
async function echoingGateway(answer: (token: string) => VariantAction): Promise<string> {
  const variant = await startGatewayVariant(opened.sandbox.url, (request) => answer(request.authorization.replace(/^Bearer\s+/i, '')));
  variants.push(variant);
  return variant.url;
}

/** The address of a port nothing listens on (a server opened and closed again). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const envelope = (code: number, msg: string, data: unknown = null) => ({ code, msg, msec: 1, time: 1, data });

const request = (entries: IssueEntry[]): IssueRequest => demoIssueRequest(entries, false);

/** Drives one client through all five endpoints. */
async function everyEndpoint(client: GatewayClient, entries: IssueEntry[]): Promise<Array<Result<unknown>>> {
  return [
    await client.soldOrdersPage({ page: 0, pageSize: 5 }),
    await client.fetchAllSoldOrders({ pageSize: 100 }),
    await client.networkInfo({ carrierCode: 'YTO' }),
    await client.subscription(),
    await client.issueWaybills(request(entries)),
    await client.queryIssuedWaybills(entries.map((entry) => entry.objectId)),
  ];
}

describe('the access token leaks nowhere', () => {
  it('is in no log line and no returned value after every endpoint and every error path', { timeout: 60_000 }, async () => {
    const token = opened.sandbox.token;
    const results: Array<Result<unknown>> = [];
    const client = opened.client();
    const entries = await issuableEntries(client, 12);

    // Every endpoint, successful (plain print data, receiver data and all).
    results.push(...(await everyEndpoint(client, entries.slice(0, 2))));

    // Every fault the sandbox can inject, on reads and on issue calls.
    const faults: Array<keyof SandboxFaults> = ['busyRate', 'timeoutRate', 'serverErrorRate', 'dropBeforeRate', 'dropAfterRate', 'malformedJsonRate', 'issueUnknownErrorRate', 'issueTemporaryErrorRate'];
    for (const [index, fault] of faults.entries()) {
      opened.sandbox.setFaults({ [fault]: 1 });
      results.push(await client.subscription(), await client.issueWaybills(request(entries.slice(2 + index, 3 + index))));
      opened.sandbox.setFaults({ [fault]: 0 });
    }

    // Gateway answers: parameter error, nickname, 614 kinds, 302, 204 both ways, 401.
    results.push(await opened.client({ vvtypeOverrides: { 'query-issued': 7 } }).queryIssuedWaybills(['1']));
    results.push(await opened.client({ sellerNick: 'nobody' }).subscription());
    results.push(await client.issueWaybills(request(entries.slice(0, 1))));
    results.push(await client.issueWaybills(request([{ ...itemAt(entries, 11), recipient: { ...itemAt(entries, 11).recipient, tid: '42' } }])));
    opened.sandbox.setUnauthorizedShops([opened.sandbox.shopId]);
    results.push(await client.soldOrdersPage({ page: 0 }));
    opened.sandbox.setUnauthorizedShops([]);
    for (const access of ['no-permission', 'no-quota'] as const) {
      opened.sandbox.setAccountAccess(access);
      results.push(await client.networkInfo());
      opened.sandbox.setAccountAccess('ok');
    }
    results.push(await opened.client({ token: () => `${token}-old` }).subscription());

    // A gateway that echoes the token back in every place it could.
    const echoes: Array<(echoed: string) => VariantAction> = [
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(401, `token ${echoed} invalid`) }),
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(302, `authorize: https://auth.example/scan?access_token=${echoed}`, { auth_url: `https://auth.example/scan?t=${echoed}` }) }),
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(200, `system error for Bearer ${echoed}`) }),
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(203, `unsupported (${echoed})`) }),
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(614, `模板不存在：${echoed}`) }),
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(777, `odd ${echoed}`) }),
      (echoed) => ({ kind: 'answer', status: 400, body: `bad request ${echoed}` }),
      (echoed) => ({ kind: 'answer', status: 404, body: `no such path for ${echoed}` }),
      (echoed) => ({ kind: 'answer', status: 200, body: `<html>${echoed}</html>` }),
      (echoed) => ({ kind: 'answer', status: 200, body: envelope(0, 'success', { modules: { waybill_cloud_print_with_result_desc_response: [{ object_id: '1', success: false, error_code: 'E', error_message: `denied ${echoed}` }] } }) }),
    ];
    for (const echo of echoes) {
      const echoing = opened.client({ baseUrl: await echoingGateway(echo) });
      results.push(await echoing.subscription(), await echoing.queryIssuedWaybills(['1']), await echoing.issueWaybills(request(entries.slice(10, 11))));
    }

    // Errors raised before any call: validation, cancellation, no token, bad address, refused.
    results.push(await client.issueWaybills(request([{ ...itemAt(entries, 0), orderNumbers: ['补发1'] }])));
    results.push(await client.soldOrdersPage({ page: 0, pageSize: 500 }));
    const cancelled = new AbortController();
    cancelled.abort();
    results.push(await client.subscription({ signal: cancelled.signal }));
    results.push(await opened.client({ token: () => null }).subscription());
    results.push(await opened.client({ baseUrl: 'not a url' }).subscription());
    results.push(await opened.client({ baseUrl: await closedPortUrl() }).subscription());
    // A name no resolver knows: the address is never reached (transport.failed, ENOTFOUND).
    results.push(await opened.client({ baseUrl: 'https://no-such-host.invalid' }).subscription());

    const codes = new Set(results.flatMap((result) => (result.ok ? [] : [result.error.code])));
    for (const code of [
      'gateway.busy', 'gateway.timed-out', 'transport.server-error', 'transport.reset', 'transport.unparsable', 'gateway.issue-answer-lost',
      'gateway.issue-rejected.outcome-unknown', 'gateway.parameter-error', 'gateway.nickname-not-found', 'gateway.issue-rejected.already-issued',
      'gateway.issue-rejected.this-order-only', 'gateway.issue-rejected.stop-job', 'gateway.shop-not-authorized', 'gateway.no-permission', 'gateway.no-quota',
      'gateway.unauthorized-token', 'gateway.system-error', 'gateway.not-supported', 'gateway.unknown-code', 'transport.http-status', 'gateway.path-not-found',
      'validation.invalid-characters', 'validation.out-of-range', 'cancelled', 'config.token-missing', 'config.base-url-invalid', 'transport.refused', 'transport.failed',
    ]) {
      expect(codes, code).toContain(code);
    }
    const echoedQuery = results.find((result) => result.ok && JSON.stringify(result).includes('denied'));
    expect(JSON.stringify(echoedQuery)).toContain('denied [redacted]');

    expect(JSON.stringify(results)).not.toContain(token);
    const logs = await opened.logText();
    expect(logs).toContain('"event":"gateway.call"');
    expect(logs).toContain('"event":"gateway.request"');
    expect(logs).not.toContain(token);
    // Receiver data went out in issue requests and came back in plain print data: none of it is logged.
    for (const entry of entries.slice(0, 2)) {
      expect(logs).not.toContain(entry.recipient.mobile);
      expect(logs).not.toContain(entry.recipient.address.detail);
    }
  });
});
