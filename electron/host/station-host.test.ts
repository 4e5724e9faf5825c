import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { connect } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames, type ChannelInput, type ChannelName } from '../../shared/ipc/ipc-contract';
import { createStation } from '../composition/create-station';
import type { Station } from '../composition/station';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { keyFileCipher } from '../token-vault/key-file-cipher';
import { startStationHost, type RunningStationHost } from './station-host';

const repoRoot = resolve(import.meta.dirname, '../..');
const token = 'tok-Zx81qPv7-realistic-access-token-4471';

/**
 * Sends one HTTP/1.1 request as raw text over a socket, exactly as written (fetch and
 * node:http normalize paths and targets), and answers the response's status code and body.
 */
async function rawRequest(port: number, head: string, body = ''): Promise<{ status: number; body: string }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await new Promise((ready, fail) => socket.once('connect', ready).once('error', fail));
  const lengthHeader = body === '' ? '' : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
  socket.end(`${head}\r\n${lengthHeader}connection: close\r\n\r\n${body}`);
  await new Promise((closed) => socket.once('close', closed));
  const text = Buffer.concat(chunks).toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  return { status, body: text.slice(text.indexOf('\r\n\r\n') + 4) };
}

/** A valid input for every channel: adding a channel without one here fails to compile. */
const validInputs: { [C in ChannelName]: ChannelInput<C> } = {
  'station.info': {},
  'settings.get': {},
  'settings.update': { patch: { ui: { language: 'en' } } },
  'token.set': { token },
  'token.clear': {},
  'connection.test': {},
  'shared-mode.status': {},
  'shared-mode.set-password': { password: 'shared-password' },
  'shared-mode.clear-password': {},
  'shared-mode.test': {},
  'desks.list': {},
  'subscription.get': {},
  'network.get': {},
  'costs.summary': {},
  'orders.list': {},
  'orders.refresh-estimate': {},
  'orders.refresh': { mode: 'full' },
  'orders.refresh-cancel': {},
  'issue.plan': { orders: [{ shopId: '0', orderNumber: '0' }], merge: false, keepApart: [] },
  'issue.start': { jobId: 'no-such-job' },
  'jobs.cancel': { jobId: 'no-such-job' },
  'jobs.confirm-preview': { jobId: 'no-such-job' },
  'jobs.retry': { jobId: 'no-such-job' },
  'jobs.print-again': { jobId: 'no-such-job', confirmMaybePrinted: false },
  'jobs.stop-printing': { jobId: 'no-such-job' },
  'jobs.switch-printer': { jobId: 'no-such-job', printer: 'no-such-printer' },
  'jobs.list': {},
  'jobs.orders': { jobId: 'no-such-job' },
  'jobs.summary': { jobId: 'no-such-job' },
  'jobs.startup-report': {},
  'print.queue-status': {},
  'history.search': { text: '' },
  'history.reprint': { waybillCodes: ['YT0000000000000'], confirmAlreadyPrinted: false },
  'history.resend-unknown': { waybillCodes: ['YT0000000000000'] },
  'history.void': { waybillCodes: ['YT0000000000000'], voided: true },
  'history.export-csv': {},
  'history.refetch-print-data': { waybillCodes: ['YT0000000000000'] },
  'print.preview': { waybillCode: 'YT0000000000000' },
  'print.component-state': {},
  'print.printer-state': {},
  'print.practice-fault': { fault: null },
  'print.stall-retry': {},
  'printers.list': {},
  'printers.test-print': { printer: 'Deli DL-888T (76×130)' },
  'printers.get-config': { printer: 'Deli DL-888T (76×130)' },
  'printers.calibrate': { printer: 'Deli DL-888T (76×130)', horizontalOffset: 1.5, verticalOffset: -0.5 },
  'paperwork.print-slips': { orderNumbers: ['0'] },
  'paperwork.print-picking-list': { scope: { orderNumbers: ['0'] }, sort: 'name', language: 'zh-CN' },
  'paperwork.picking-list-pdf': { scope: { jobId: 'no-such-job' }, sort: 'count', language: 'en' },
  'paperwork.custom-area-preview': { fields: ['goods', 'orderNumber'], size: '76x130' },
  'paperwork.slip-printers': {},
  'app.about': {},
  'app.open-data-folder': {},
  'diagnostics.export': {},
  'scale.state': {},
  'scale.take': {},
  'scale.ports': {},
  'verification.barcodes': {},
  'verification.learn': { shopId: '57301862', barcode: '6901234567892', goodsName: '保温杯', goodsSpec: '' },
  'verification.forget': { shopId: '57301862', barcode: '6901234567892' },
  'verification.export-csv': {},
  'verification.import-csv': { text: '' },
  'verification.record': { kind: 'verification.mismatch', shopId: '57301862', orderNumber: '0', details: { mismatch: 'wrong-item', barcode: '6901234567892', goodsName: null, goodsSpec: null } },
  'verification.verified': { shopId: '57301862', orderNumber: '0' },
  'statistics.report': { from: 0, to: 86_400_000 },
  'statistics.export': { range: { from: 0, to: 86_400_000 }, format: 'csv', language: 'en' },
  'statistics.branch-usage': {},
  'operators.session': {},
  'operators.sign-in': { name: 'Nobody', pin: '1234' },
  'operators.sign-out': { reason: 'manual' },
  'operators.keep-alive': {},
  'operators.list': {},
  'operators.add': { name: 'Li Na', role: 'packer', pin: '2468' },
  'operators.remove': { operatorId: 'no-such-operator' },
  'operators.kept-apart': {},
  'operators.dismiss-kept-apart': {},
  'audit.search': {},
  'audit.export-csv': {},
};

describe('browser host over the full composition root', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let emulator: PrintEmulator;
  let station: Station;
  let host: RunningStationHost;
  const pushed: string[] = [];
  const streamAbort = new AbortController();

  const call = async (channel: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${host.origin}/ipc/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-station-key': host.key, ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'station-host-'));
    sandbox = await startSandbox({ port: 0, token, orders: 50 });
    emulator = await startPrintEmulator({ port: 0, spoolDir: join(dataDir, 'spool'), noRender: true });
    const started = await createStation({
      shell: 'browser-host',
      dataDir: join(dataDir, 'station'),
      tokenCipher: (folder) => keyFileCipher({ keyPath: join(folder, 'host-token.key') }),
      overrides: { baseUrl: sandbox.url, componentUrl: emulator.url },
    });
    if (!started.ok) throw new Error(started.message);
    station = started.station;
    host = await startStationHost({ port: 0, rendererDir: resolve(repoRoot, 'out/renderer'), dispatch: station.dispatch, events: station.events });
    const stream = await fetch(`${host.origin}/ipc/events?key=${host.key}`, { signal: streamAbort.signal });
    void (async () => {
      const decoder = new TextDecoder();
      try {
        for await (const chunk of stream.body as AsyncIterable<Uint8Array>) pushed.push(decoder.decode(chunk));
      } catch {
        // The stream ends when the test aborts it.
      }
    })();
  });

  afterAll(async () => {
    streamAbort.abort();
    await host.close();
    await station.close();
    await emulator.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every channel of the contract', async () => {
    const response = await fetch(`${host.origin}/ipc`, { headers: { 'x-station-key': host.key } });
    expect(await response.json()).toEqual({ ok: true, data: { channels: channelNames } });
  });

  it('rejects malformed input on every channel with a typed error', async () => {
    for (const channel of channelNames) {
      for (const malformed of [{ unexpected: true }, 'text', 42, [1, 2]]) {
        const answer = JSON.parse((await call(channel, malformed)).text);
        expect(answer, `${channel} ${JSON.stringify(malformed)}`).toMatchObject({
          ok: false,
          error: { code: 'ipc.invalid-input', params: { channel }, retryable: false },
        });
      }
    }
    const unknown = JSON.parse((await call('orders.delete-everything', {})).text);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'ipc.unknown-channel' } });
  });

  it('names the field and the problem in the typed error', async () => {
    const answer = JSON.parse((await call('printers.calibrate', { printer: 'Deli DL-888T (76×130)', horizontalOffset: 99, verticalOffset: 0 })).text);
    expect(answer.error.code).toBe('ipc.invalid-input');
    expect(answer.error.params.problems).toContain('horizontalOffset');
  });

  it('refuses a request without the key, with a wrong key, from a foreign Origin or Host', async () => {
    const noKey = await fetch(`${host.origin}/ipc/station.info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noKey.status).toBe(403);
    expect(((await noKey.json()) as { error: { code: string } }).error.code).toBe('host.refused');
    expect((await call('station.info', {}, { 'x-station-key': 'f'.repeat(48) })).status).toBe(403);
    expect((await call('station.info', {}, { origin: 'http://evil.example' })).status).toBe(403);
    // fetch() will not send a foreign Host header; a DNS-rebinding page's request would.
    const reboundStatus = await new Promise<number | undefined>((accept, reject) => {
      request(`${host.origin}/ipc`, { headers: { 'x-station-key': host.key, host: 'rebound.example' } }, (response) => {
        response.resume();
        accept(response.statusCode);
      })
        .on('error', reject)
        .end();
    });
    expect(reboundStatus).toBe(403);
    const events = await fetch(`${host.origin}/ipc/events`);
    expect(events.status).toBe(403);
  });

  it('checks the key on the route the router chose: percent-encoded paths reach no channel, stream or list without it', async () => {
    const port = Number(new URL(host.origin).port);
    const ours = `host: 127.0.0.1:${port}`;
    const key = `x-station-key: ${host.key}`;
    // The encoded path is the same route: with the key it is answered, so the refusal below is the key check.
    const keyed = await rawRequest(port, `POST /%69pc/station.info HTTP/1.1\r\n${ours}\r\n${key}`, '{}');
    expect(keyed.status).toBe(200);
    expect(JSON.parse(keyed.body)).toMatchObject({ ok: true, data: { shell: 'browser-host' } });
    const attacks = [
      ['POST /%69pc/settings.update HTTP/1.1', JSON.stringify({ patch: { gateway: { baseUrl: 'https://attacker.example' } } })],
      ['POST /ip%63/settings.update HTTP/1.1', JSON.stringify({ patch: { gateway: { baseUrl: 'https://attacker.example' } } })],
      ['POST /%69%70%63/token.clear HTTP/1.1', '{}'],
      ['POST /ipc/%73tation.info HTTP/1.1', '{}'],
      ['GET /%69pc/events HTTP/1.1', ''],
      ['GET /%69pc HTTP/1.1', ''],
      ['GET /ip%63?x=1 HTTP/1.1', ''],
      ['HEAD /ipc HTTP/1.1', ''],
      ['HEAD /%69pc/events HTTP/1.1', ''],
      ['OPTIONS /ipc/station.info HTTP/1.1', ''],
      ['OPTIONS /%69pc/settings.update HTTP/1.1', ''],
      ['DELETE /ipc/station.info HTTP/1.1', ''],
    ] as const;
    for (const [line, body] of attacks) {
      const answer = await rawRequest(port, `${line}\r\n${ours}`, body);
      expect(answer.status, line).toBe(403);
      if (!line.startsWith('HEAD')) expect(JSON.parse(answer.body), line).toMatchObject({ ok: false, error: { code: 'host.refused' } });
    }
    const settings = JSON.parse((await call('settings.get', {})).text) as { data: { settings: { gateway: { baseUrl: string | null } } } };
    expect(settings.data.settings.gateway.baseUrl).not.toBe('https://attacker.example');
  });

  it('refuses an absolute-form request target, even with the key and our Host', async () => {
    const port = Number(new URL(host.origin).port);
    for (const target of [`http://127.0.0.1:${port}/ipc/station.info`, `http://127.0.0.1:${port}/%69pc/station.info`, '*']) {
      const answer = await rawRequest(port, `POST ${target} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-station-key: ${host.key}`, '{}');
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: { code: 'host.refused', params: { reason: 'request target must be a path' } } });
    }
  });

  it('refuses every other name of this machine in the Host header, with the key', async () => {
    const port = Number(new URL(host.origin).port);
    for (const name of [`[::1]:${port}`, `127.1:${port}`, `127.0.0.1.:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, '127.0.0.1', `127.0.0.1:${port + 1}`]) {
      for (const line of ['POST /ipc/station.info HTTP/1.1', 'GET /ipc/events HTTP/1.1', 'GET / HTTP/1.1']) {
        const answer = await rawRequest(port, `${line}\r\nhost: ${name}\r\nx-station-key: ${host.key}`, line.startsWith('POST') ? '{}' : '');
        expect(answer.status, `${line} Host ${name}`).toBe(403);
      }
    }
    // The page and its assets need no key, only our Host.
    expect((await rawRequest(port, `GET / HTTP/1.1\r\nhost: 127.0.0.1:${port}`)).status).toBe(200);
  });

  it('serves the page with a strict CSP and a fresh nonce per load', async () => {
    const first = await fetch(`${host.origin}/`);
    const second = await fetch(`${host.origin}/`);
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await first.text()).toContain(`nonce="${nonce}"`);
    expect(second.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('never lets the token out: no IPC answer, page, pushed event or log line holds it', async () => {
    const answers: string[] = [];
    answers.push((await call('token.set', { token })).text);
    for (const channel of channelNames) answers.push((await call(channel, validInputs[channel])).text);
    answers.push((await call('token.set', { token })).text);
    answers.push(await (await fetch(`${host.origin}/`)).text());

    const status = JSON.parse(answers[0] ?? '{}');
    expect(status).toEqual({ ok: true, data: { isSet: true, lastFour: token.slice(-4), unreadable: null, weakProtection: false } });
    // The calls really used the token: the sandbox answered with data, not 401.
    expect(JSON.parse((await call('subscription.get', {})).text).ok).toBe(true);
    expect(sandbox.calls().every((entry) => entry.code !== 401)).toBe(true);

    await new Promise((settle) => setTimeout(settle, 200));
    expect(pushed.join('')).toContain('settings.changed');
    const logs = await readdir(join(dataDir, 'station', 'logs'));
    const logText = (await Promise.all(logs.map((name) => readFile(join(dataDir, 'station', 'logs', name), 'utf8')))).join('\n');
    for (const text of [...answers, pushed.join(''), logText]) expect(text).not.toContain(token);
  });
});

describe('the data folder lock between processes', () => {
  it('refuses a second host on the same data folder with a clear message', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'station-lock-'));
    const startHost = () =>
      spawn(process.execPath, ['--import', 'tsx', 'electron/host/cli.ts', '--port', '0', '--data-dir', dataDir], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const first = startHost();
    try {
      const firstLine = await new Promise<string>((accept) => createInterface({ input: first.stdout }).once('line', accept));
      expect(firstLine).toMatch(/^Station host listening on http:\/\/127\.0\.0\.1:\d+\/\?key=/);
      const second = startHost();
      let stderr = '';
      second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exitCode = await new Promise<number | null>((accept) => second.once('exit', accept));
      expect(exitCode).not.toBe(0);
      expect(stderr).toContain(`is in use by Waybill Print Station`);
      expect(stderr).toContain(`(process ${first.pid}`);
    } finally {
      const exited = new Promise((accept) => first.once('exit', accept));
      first.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
