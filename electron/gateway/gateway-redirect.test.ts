import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES } from '../../shared/gateway/envelope-codes';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { demoIssueRequest as issueRequest, issuableEntries, openGatewayTestBench } from './testing/gateway-test-bench';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bench(): Promise<GatewayTestBench> {
  const opened = await openGatewayTestBench();
  cleanups.push(() => opened.close());
  return opened;
}

/** A gateway address that answers every call with this status, Location and body; it records the Authorization headers. */
async function redirectingGateway(answer: { status: number; location: string | null; body?: string }): Promise<{ url: string; authorizations: string[] }> {
  const authorizations: string[] = [];
  const server: Server = createServer((request, response) => {
    authorizations.push(request.headers.authorization ?? '');
    request.resume();
    request.on('end', () => {
      response.writeHead(answer.status, {
        'content-type': answer.body ? 'application/json' : 'text/html',
        ...(answer.location === null ? {} : { location: answer.location }),
      });
      response.end(answer.body ?? '<html>Moved</html>');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  cleanups.push(() => new Promise((closed) => server.close(() => closed())));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, authorizations };
}

describe('a gateway call that is redirected', () => {
  it.each([301, 302, 303, 307, 308])('HTTP %i to another origin: "the gateway redirected", the token never sent there, nothing retried', async (status) => {
    const opened = await bench();
    // The sandbox, under another name (another origin): a follower would send it the call.
    const elsewhere = opened.sandbox.url.replace('127.0.0.1', 'localhost');
    const gateway = await redirectingGateway({ status, location: `${elsewhere}/api/v1/subscription?from=redirect` });
    const client = opened.client({ baseUrl: gateway.url });
    const result = await client.subscription();
    expect(result).toEqual({
      ok: false,
      error: { code: 'gateway.redirected', params: { baseUrl: gateway.url, httpStatus: status, location: new URL(elsewhere).origin }, retryable: false },
    });
    expect(opened.sandbox.calls()).toEqual([]);
    expect(gateway.authorizations).toEqual([`Bearer ${opened.sandbox.token}`]);
  });

  it('from http to https: the same error, naming the https address to enter', async () => {
    const opened = await bench();
    const gateway = await redirectingGateway({ status: 301, location: 'https://gateway.example.com/api/v1/subscription' });
    const result = await opened.client({ baseUrl: gateway.url }).networkInfo();
    expect(result).toMatchObject({ ok: false, error: { code: 'gateway.redirected', params: { location: 'https://gateway.example.com' } } });
  });

  it('an issue call that is redirected is never reported as a rejected token: its answer is lost, to be looked up', async () => {
    const opened = await bench();
    const entries = await issuableEntries(opened.client(), 1);
    const gateway = await redirectingGateway({ status: 307, location: `${opened.sandbox.url.replace('127.0.0.1', 'localhost')}/api/v1/waybill/issue` });
    opened.sandbox.clearCalls();
    const result = await opened.client({ baseUrl: gateway.url }).issueWaybills(issueRequest(entries));
    // The address that redirected may have processed the call first: the outcome is unknown, never "not sent".
    expect(result).toMatchObject({ ok: false, error: { code: 'gateway.issue-answer-lost', params: { cause: 'gateway.redirected' } } });
    expect(opened.sandbox.calls()).toEqual([]);
    expect(opened.sandbox.issuedWaybills()).toEqual([]);
  });

  it('keeps the gateway’s business 302 (shop not authorized) even when it comes as HTTP 302 with a Location', async () => {
    const opened = await bench();
    const authUrl = 'https://oauth.taobao.com/authorize?response_type=code&client_id=34521987&state=57301862';
    const body = JSON.stringify({ code: 302, msg: GATEWAY_MESSAGES.shopNotAuthorized, data: { auth_url: authUrl } });
    const gateway = await redirectingGateway({ status: 302, location: authUrl, body });
    const result = await opened.client({ baseUrl: gateway.url }).subscription();
    expect(result).toEqual({ ok: false, error: { code: 'gateway.shop-not-authorized', params: { message: GATEWAY_MESSAGES.shopNotAuthorized, authUrl }, retryable: false } });
  });
});

describe('a stored http:// address of another computer', () => {
  it('never carries the token: every call, the issue call too, is refused before it leaves, as not sent', async () => {
    const opened = await bench();
    const entries = await issuableEntries(opened.client(), 1);
    // `.invalid` never resolves: were the refusal missing, nothing could be reached either.
    const client = opened.client({ baseUrl: 'http://gateway.invalid' });
    const refused = { ok: false, error: { code: 'settings.gateway-insecure', params: { baseUrl: 'http://gateway.invalid' }, retryable: false } };
    expect(await client.subscription()).toEqual(refused);
    // Not "answer lost": the request certainly did not leave, so the orders stay issuable.
    expect(await client.issueWaybills(issueRequest(entries))).toEqual(refused);
  });
});
