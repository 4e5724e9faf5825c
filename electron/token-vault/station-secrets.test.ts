import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFileCipher } from './key-file-cipher';
import { openStationSecrets } from './station-secrets';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'station-secrets-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('the station’s secrets', () => {
  it('knows the run’s own token, both vaults’ secrets and those learnt later, for the logs to hide', () => {
    const secrets = openStationSecrets(folder, keyFileCipher({ keyPath: join(folder, 'token.key') }), 'run-token-123456');
    secrets.vault.write('tk_live_stored_token_0001');
    secrets.sharedPasswordVault.write('postgres-password-0001');
    secrets.add('sandbox-token-0001');
    expect(secrets.current()).toEqual(expect.arrayContaining(['run-token-123456', 'tk_live_stored_token_0001', 'postgres-password-0001', 'sandbox-token-0001']));
  });

  it('goes on without a vault it cannot read: its secret is simply not known', () => {
    const secrets = openStationSecrets(folder, keyFileCipher({ keyPath: join(folder, 'token.key') }), undefined);
    writeFileSync(join(folder, 'token.vault'), 'not a vault');
    expect(() => secrets.vault.read()).toThrow();
    expect(secrets.current().filter((secret) => typeof secret === 'string')).toEqual([]);
  });
});
