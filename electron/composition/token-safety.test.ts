import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StationError } from '../../shared/errors/station-error';
import type { SettingsView } from '../../shared/ipc/ipc-contract';
import type { Result } from '../../shared/result';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { keyFileCipher } from '../token-vault/key-file-cipher';
import { createTokenVault, type TokenCipher } from '../token-vault/token-vault';
import { createStation } from './create-station';
import type { Station } from './station';

const token = 'tok-token-safety-test-5521';

/** A listener standing in for another gateway: it records every Authorization header it is sent. */
async function startRecordingServer(): Promise<{ url: string; authorizations: string[]; server: Server }> {
  const authorizations: string[] = [];
  const server = createServer((request, response) => {
    authorizations.push(request.headers.authorization ?? '');
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"msg":"ok","data":{}}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, authorizations, server };
}

describe('the token through the composition root', () => {
  let root: string;
  let sandbox: RunningSandbox;
  let emulator: PrintEmulator;
  let station: Station | null = null;
  let dataDir: string;

  const call = async <T>(channel: string, input: unknown): Promise<Result<T>> => (await (station as Station).dispatch(channel, input)) as Result<T>;
  const data = async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await call<T>(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${JSON.stringify(answer.error.params)}`);
    return answer.data;
  };
  const errorOf = async (channel: string, input: unknown): Promise<StationError> => {
    const answer = await call(channel, input);
    if (answer.ok) throw new Error(`${channel} answered ok`);
    return answer.error;
  };
  const start = async (cipher: (folder: string) => TokenCipher = (folder) => keyFileCipher({ keyPath: join(folder, 'test-token.key') })) => {
    const started = await createStation({ shell: 'browser-host', dataDir, tokenCipher: cipher, overrides: { componentUrl: emulator.url } });
    if (!started.ok) throw new Error(started.message);
    station = started.station;
    return started.station;
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'token-safety-'));
    sandbox = await startSandbox({ port: 0, token, orders: 5 });
    emulator = await startPrintEmulator({ port: 0, spoolDir: join(root, 'spool'), noRender: true });
  });
  afterAll(async () => {
    await emulator.close();
    await sandbox.close();
    await rm(root, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dataDir = await mkdtemp(join(root, 'station-'));
  });
  afterEach(async () => {
    await station?.close();
    station = null;
  });

  it('starts with a corrupt vault: settings answer and say the token cannot be read, and a new token is stored', async () => {
    await writeFile(join(dataDir, 'token.vault'), '{"format":"station-token-vault","version":1,"ciphertext":"bm90IGEgY2lwaGVydGV4dA=="}');
    await start();
    expect((await call('station.info', {})).ok).toBe(true);
    const view = await data<SettingsView>('settings.get', {});
    expect(view.token).toEqual({
      isSet: false,
      lastFour: null,
      unreadable: { code: 'token-vault.unreadable', params: { reason: 'damaged' }, retryable: false },
      weakProtection: false,
    });
    const updated = await data<SettingsView>('settings.update', { patch: { gateway: { baseUrl: sandbox.url } } });
    expect(updated.settings.gateway.baseUrl).toBe(sandbox.url);
    // A gateway call says what to do instead of failing obscurely.
    expect(await errorOf('subscription.get', {})).toMatchObject({ code: 'token-vault.unreadable' });
    expect(await data('token.set', { token })).toEqual({ isSet: true, lastFour: token.slice(-4), unreadable: null, weakProtection: false });
    expect((await data<SettingsView>('settings.get', {})).token.unreadable).toBeNull();
    expect((await call('subscription.get', {})).ok).toBe(true);
  });

  it('does not read an undecryptable vault again for every log line', async () => {
    await mkdir(dataDir, { recursive: true });
    createTokenVault({ filePath: join(dataDir, 'token.vault'), cipher: keyFileCipher({ keyPath: join(root, `stranger-${Date.now()}.key`) }) }).write(token);
    let decrypts = 0;
    const counting = (folder: string): TokenCipher => {
      const cipher = keyFileCipher({ keyPath: join(folder, 'test-token.key') });
      return { ...cipher, decrypt: (bytes) => ((decrypts += 1), cipher.decrypt(bytes)) };
    };
    // The key file must exist for the cipher to try at all: another vault in the folder makes it.
    createTokenVault({ filePath: join(dataDir, 'scratch.vault'), cipher: keyFileCipher({ keyPath: join(dataDir, 'test-token.key') }) }).write('scratch-token-1');
    const running = await start(counting);
    for (let line = 0; line < 200; line += 1) running.logger.info('a log line', { line });
    expect((await data<SettingsView>('settings.get', {})).token.unreadable).toMatchObject({ params: { reason: 'cannot-decrypt' } });
    expect(decrypts).toBe(1);
  });

  it('forgets the token when the gateway address moves to another origin, so the new gateway never receives it', async () => {
    const other = await startRecordingServer();
    try {
      await start();
      await data('settings.update', { patch: { gateway: { baseUrl: sandbox.url } } });
      await data('token.set', { token });
      // Another path on the same gateway keeps the token.
      const samePlace = await data<SettingsView>('settings.update', { patch: { gateway: { baseUrl: `${sandbox.url}/` } } });
      expect(samePlace.token.isSet).toBe(true);
      const moved = await data<SettingsView>('settings.update', { patch: { gateway: { baseUrl: other.url } } });
      expect(moved.token).toMatchObject({ isSet: false, unreadable: null });
      expect(await errorOf('subscription.get', {})).toMatchObject({ code: 'config.token-missing' });
      expect(other.authorizations).toEqual([]);
      // Through demo mode and on to another gateway: the token still belongs to the first one.
      await data('settings.update', { patch: { gateway: { baseUrl: sandbox.url } } });
      await data('token.set', { token });
      await data('settings.update', { patch: { gateway: { baseUrl: null } } });
      expect((await data<SettingsView>('settings.get', {})).token.isSet).toBe(true);
      expect((await data<SettingsView>('settings.update', { patch: { gateway: { baseUrl: other.url } } })).token.isSet).toBe(false);
      expect(other.authorizations).toEqual([]);
    } finally {
      other.server.close();
    }
  });

  it('refuses an http:// gateway address of another computer with its own error, and keeps the settings', async () => {
    await start();
    const before = await data<SettingsView>('settings.get', {});
    const refused = await errorOf('settings.update', { patch: { gateway: { baseUrl: 'http://gateway.example.com' } } });
    expect(refused).toEqual({ code: 'settings.gateway-insecure', params: { baseUrl: 'http://gateway.example.com' }, retryable: false });
    expect((await data<SettingsView>('settings.get', {})).settings).toEqual(before.settings);
    for (const allowed of ['https://gateway.example.com', 'http://127.0.0.1:8080', 'http://localhost:8080', 'http://[::1]:8080']) {
      expect((await data<SettingsView>('settings.update', { patch: { gateway: { baseUrl: allowed } } })).settings.gateway.baseUrl).toBe(allowed);
    }
  });
});
