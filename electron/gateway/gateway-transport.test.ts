import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestCertificates } from '../testing/test-certificates';
import { postToGateway, type GatewayPost } from './gateway-transport';

// The transport against real servers on 127.0.0.1: what reaches the wire, and when.

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** A server that counts the requests it read and the connections it accepted, answering every request with an envelope. */
async function listen(server: Server): Promise<{ port: number; requests: () => number; connections: () => number }> {
  let requests = 0;
  let connections = 0;
  server.on('request', (request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"msg":"success","data":{}}'));
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return { port: (server.address() as AddressInfo).port, requests: () => requests, connections: () => connections };
}

const post = (url: string, beforeSend?: () => boolean): GatewayPost => ({
  url: `${url}/subscription`,
  baseUrl: url,
  token: 'tok-transport',
  body: { kind: 'json', value: { nick: 'shop' } },
  timeoutMs: 5_000,
  ...(beforeSend ? { beforeSend } : {}),
});

describe('the gateway transport at the wire', () => {
  it('asks beforeSend once the connection is open and writes nothing when it says no; the next call goes out on its yes', async () => {
    const server = await listen(createHttpServer());
    const url = `http://127.0.0.1:${server.port}`;
    let asked = 0;
    expect(await postToGateway(post(url, () => ((asked += 1), false)))).toEqual({ kind: 'not-sent' });
    expect(asked).toBe(1);
    // The connection was opened (the check comes after it), but not one request was read.
    expect(server.connections()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests()).toBe(0);

    const answered = await postToGateway(post(url, () => ((asked += 1), true)));
    expect(answered).toEqual({ kind: 'answer', httpStatus: 200, envelope: { code: 0, msg: 'success', data: {} } });
    expect(asked).toBe(2);
    expect(server.requests()).toBe(1);
  });

  it('sends form fields as multipart/form-data with its boundary', async () => {
    const server = createHttpServer();
    let contentType = '';
    let body = '';
    server.on('request', (request, response) => {
      contentType = request.headers['content-type'] ?? '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => response.end('{"code":0,"msg":"success","data":null}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const outcome = await postToGateway({ ...post(url), body: { kind: 'form', fields: { nick: '小店', vvtype: '1' } } });
    expect(outcome.kind).toBe('answer');
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(contentType)?.[1];
    expect(boundary).toBeDefined();
    expect(body).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="nick"\r\n\r\n小店\r\n`);
    expect(body).toContain('name="vvtype"\r\n\r\n1\r\n');
  });

  it('verifies an https gateway: a certificate no trusted authority signed fails with its reason, before beforeSend and before any byte of the request', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gateway-tls-'));
    closers.push(() => rmSync(folder, { recursive: true, force: true }));
    const certificates = makeTestCertificates(folder, ['127.0.0.1']);
    const server = await listen(createHttpsServer({ cert: readFileSync(certificates.certificateFile), key: readFileSync(certificates.keyFile) }));
    let asked = 0;
    const outcome = await postToGateway(post(`https://127.0.0.1:${server.port}`, () => ((asked += 1), true)));
    expect(outcome).toEqual({ kind: 'failure', error: { code: 'transport.failed', params: { reason: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }, retryable: true } });
    expect(asked).toBe(0);
    expect(server.requests()).toBe(0);
  });
});
