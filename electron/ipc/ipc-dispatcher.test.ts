import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalog } from '../../shared/errors/error-catalog';
import type { IpcHandlers } from '../../shared/ipc/ipc-contract';
import { createSettingsStore } from '../settings/settings-store';
import { keyFileCipher } from '../token-vault/key-file-cipher';
import { createTokenVault } from '../token-vault/token-vault';
import { createIpcDispatcher } from './ipc-dispatcher';

let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'ipc-dispatcher-'));
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/**
 * A dispatcher whose settings and token channels call the real settings store and token vault,
 * kept in a folder that does not exist: every save fails as the disk would make it fail.
 */
function dispatcherOverMissingFolder() {
  const missing = join(folder, 'missing-folder');
  const settings = createSettingsStore({ filePath: join(missing, 'settings.json') });
  const vault = createTokenVault({ filePath: join(missing, 'token.vault'), cipher: keyFileCipher({ keyPath: join(missing, 'token.key') }) });
  const logged: { message: string; details: Record<string, unknown> }[] = [];
  const handlers: Partial<IpcHandlers> = {
    'settings.update': ({ patch }) => {
      settings.update(patch);
      return { settings: settings.get(), token: vault.status() };
    },
    'token.set': ({ token }) => {
      vault.write(token);
      return vault.status();
    },
    'token.clear': () => {
      throw new Error('disk on fire');
    },
  };
  const dispatch = createIpcDispatcher(handlers as IpcHandlers, { error: (message, details) => logged.push({ message, details }) });
  return { dispatch, logged };
}

describe('ipc dispatcher', () => {
  it('answers a service’s failure as {ok:false,error} with its code, params and the catalog’s retryable flag', async () => {
    const { dispatch, logged } = dispatcherOverMissingFolder();

    const settingsAnswer = await dispatch('settings.update', { patch: { print: { printer: 'Desk' } } });
    expect(settingsAnswer).toEqual({ ok: false, error: { code: 'settings.write-failed', params: { reason: 'ENOENT' }, retryable: true } });
    expect(errorCatalog['settings.write-failed'].retryable).toBe(true);

    const tokenAnswer = await dispatch('token.set', { token: 'tk_live_0123456789abcdef' });
    expect(tokenAnswer).toEqual({ ok: false, error: { code: 'token-vault.write-failed', params: { reason: 'ENOENT' }, retryable: true } });

    const refused = await dispatch('token.set', { token: 'abc def' });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'token-vault.invalid-token', params: { problem: 'invalid-character', maxLength: 4096, position: 4 }, retryable: false },
    });

    // Typed failures are the service's answer, not a fault of the station: nothing is logged as one.
    expect(logged).toEqual([]);
  });

  it('answers anything else a handler throws as internal.unexpected and logs it', async () => {
    const { dispatch, logged } = dispatcherOverMissingFolder();
    expect(await dispatch('token.clear', {})).toEqual({ ok: false, error: { code: 'internal.unexpected', params: {}, retryable: false } });
    expect(logged).toEqual([{ message: 'IPC handler failed', details: { channel: 'token.clear', error: 'Error: disk on fire' } }]);
  });
});
