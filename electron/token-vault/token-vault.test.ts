import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keyFileCipher } from './key-file-cipher';
import { safeStorageCipher } from './safe-storage-cipher';
import type { SafeStorageLike } from './safe-storage-cipher';
import { describeError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import { createTokenVault, MAX_TOKEN_LENGTH, validateToken } from './token-vault';
import type { TokenVault } from './token-vault';

const token = 'tk_live_9f8e7d6c5b4a39281706f5e4d3c2b1a0ZYXW';

let folder: string;
let vaultPath: string;
let keyPath: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'token-vault-'));
  vaultPath = join(folder, 'token.vault');
  keyPath = join(folder, 'token.key');
});

afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The StationFailure the action throws; fails the test when it throws none. */
function vaultError(action: () => unknown): StationFailure {
  try {
    action();
  } catch (error) {
    if (error instanceof StationFailure) return error;
    throw error;
  }
  throw new Error('no error was thrown');
}

/** Every text an error exposes: message, params, stack. */
const everythingSaidBy = (error: Error): string => `${error.message} ${JSON.stringify(error)} ${error.stack ?? ''}`;

describe('token vault with the key-file cipher', () => {
  const vault = (): TokenVault => createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) });

  it('stores a token and reads it back, also in a new process life (fresh vault and cipher)', () => {
    expect(vault().status()).toEqual({ isSet: false, lastFour: null, unreadable: null, weakProtection: false });
    expect(vault().read()).toBeNull();
    const first = vault();
    first.write(`  ${token}\n`);
    expect(first.read()).toBe(token);
    expect(vault().read()).toBe(token);
  });

  it('shows only whether a token is set and its last four characters', () => {
    const first = vault();
    first.write(token);
    expect(first.status()).toEqual({ isSet: true, lastFour: 'ZYXW', unreadable: null, weakProtection: false });
    expect(vault().status()).toEqual({ isSet: true, lastFour: 'ZYXW', unreadable: null, weakProtection: false });
    // A token too short to show any of it safely: set, but nothing shown.
    first.write('abc1234');
    expect(first.status()).toEqual({ isSet: true, lastFour: null, unreadable: null, weakProtection: false });
  });

  it('forgets the token on clear', () => {
    const first = vault();
    first.write(token);
    first.clear();
    expect(first.status()).toEqual({ isSet: false, lastFour: null, unreadable: null, weakProtection: false });
    expect(vault().read()).toBeNull();
    first.clear();
  });

  it('never writes the token in clear, and keeps vault and key readable by the owner only', () => {
    vault().write(token);
    const stored = readFileSync(vaultPath);
    for (const form of [token, Buffer.from(token).toString('base64'), Buffer.from(token).toString('hex'), token.slice(-12)]) {
      expect(stored.includes(Buffer.from(form))).toBe(false);
    }
    expect(readFileSync(keyPath)).toHaveLength(32);
    if (process.platform !== 'win32') {
      expect(statSync(vaultPath).mode & 0o777).toBe(0o600);
      expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    }
  });

  it('cannot be read with another key: a typed error that does not contain the token', () => {
    vault().write(token);
    const otherKeyPath = join(folder, 'other.key');
    createTokenVault({ filePath: join(folder, 'other.vault'), cipher: keyFileCipher({ keyPath: otherKeyPath }) }).write('another-token-value');
    const stranger = createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath: otherKeyPath }) });
    const failure = vaultError(() => stranger.read());
    expect(failure.error.code).toBe('token-vault.unreadable');
    expect(failure.error.params).toEqual({ reason: 'cannot-decrypt' });
    expect(everythingSaidBy(failure)).not.toContain(token);
    expect(everythingSaidBy(failure)).not.toContain(token.slice(-4));
    expect(stranger.status()).toEqual({ isSet: false, lastFour: null, unreadable: { code: 'token-vault.unreadable', params: { reason: 'cannot-decrypt' }, retryable: false }, weakProtection: false });
  });

  it('says so when the key file is missing or damaged, and never replaces a key it could not read', () => {
    vault().write(token);
    const key = readFileSync(keyPath);
    rmSync(keyPath);
    expect(vaultError(() => vault().read()).error.params).toEqual({ reason: 'key-missing' });
    writeFileSync(keyPath, key.subarray(0, 16));
    expect(vaultError(() => vault().read()).error.params).toEqual({ reason: 'key-damaged' });
    expect(vaultError(() => vault().write(token)).error.params).toEqual({ reason: 'key-damaged' });
    expect(readFileSync(keyPath)).toHaveLength(16);
  });

  it('reports a failed save as token-vault.write-failed, retryable, in the catalog’s words, and keeps no token', () => {
    const unwritable = createTokenVault({ filePath: join(folder, 'missing-folder', 'token.vault'), cipher: keyFileCipher({ keyPath }) });
    const failure = vaultError(() => unwritable.write(token));
    expect(failure.error).toEqual({ code: 'token-vault.write-failed', params: { reason: 'ENOENT' }, retryable: true });
    expect(failure.message).toBe('The access token could not be saved (ENOENT).');
    expect(failure.message).toBe(describeError(failure.error).text);
    expect(everythingSaidBy(failure)).not.toContain(token);
    expect(unwritable.status()).toEqual({ isSet: false, lastFour: null, unreadable: null, weakProtection: false });
  });

  it('says so when the vault file is damaged', () => {
    writeFileSync(vaultPath, 'not a vault');
    expect(vaultError(() => vault().read()).error.params).toEqual({ reason: 'damaged' });
    vault().write(token);
    const file = JSON.parse(readFileSync(vaultPath, 'utf8')) as { ciphertext: string };
    const bytes = Buffer.from(file.ciphertext, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    writeFileSync(vaultPath, JSON.stringify({ ...file, ciphertext: bytes.toString('base64') }));
    expect(vaultError(() => vault().read()).error.params).toEqual({ reason: 'cannot-decrypt' });
  });
});

describe('a vault that cannot be read', () => {
  /** The key-file cipher, counting how often the vault asks it to decrypt. */
  const countingCipher = () => {
    const cipher = keyFileCipher({ keyPath });
    const counted = { decrypts: 0, cipher: { ...cipher, decrypt: (data: Buffer) => ((counted.decrypts += 1), cipher.decrypt(data)) } };
    return counted;
  };

  it('answers its status instead of throwing, and reads the damaged file only once until a token is written', () => {
    createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath: join(folder, 'first.key') }) }).write(token);
    createTokenVault({ filePath: join(folder, 'other.vault'), cipher: keyFileCipher({ keyPath }) }).write('another-token-value');
    const counted = countingCipher();
    const vault = createTokenVault({ filePath: vaultPath, cipher: counted.cipher });
    for (let line = 0; line < 50; line += 1) expect(vaultError(() => vault.read()).error.params).toEqual({ reason: 'cannot-decrypt' });
    expect(vault.status()).toMatchObject({ isSet: false, unreadable: { code: 'token-vault.unreadable', params: { reason: 'cannot-decrypt' } } });
    expect(counted.decrypts).toBe(1);
    vault.write('the-new-token-0042');
    expect(vault.status()).toEqual({ isSet: true, lastFour: '0042', unreadable: null, weakProtection: false });
    expect(createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) }).read()).toBe('the-new-token-0042');
  });

  it('forgets the failure on clear', () => {
    writeFileSync(vaultPath, 'not a vault');
    const vault = createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) });
    expect(vault.status().unreadable?.params).toEqual({ reason: 'damaged' });
    vault.clear();
    expect(vault.status()).toEqual({ isSet: false, lastFour: null, unreadable: null, weakProtection: false });
  });
});

describe('the gateway a token belongs to', () => {
  it('keeps the gateway origin with the token, also for a new process life', () => {
    const vault = createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) });
    vault.write(token, { gatewayOrigin: 'https://gateway.example.com' });
    expect(vault.gatewayOrigin()).toBe('https://gateway.example.com');
    expect(createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) }).gatewayOrigin()).toBe('https://gateway.example.com');
    vault.write(token);
    expect(createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) }).gatewayOrigin()).toBeNull();
  });

  it('answers undefined for a vault written before tokens were bound to a gateway', () => {
    createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) }).write(token);
    const file = JSON.parse(readFileSync(vaultPath, 'utf8')) as Record<string, unknown>;
    delete file.gatewayOrigin;
    writeFileSync(vaultPath, JSON.stringify(file));
    const legacy = createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) });
    expect(legacy.read()).toBe(token);
    expect(legacy.gatewayOrigin()).toBeUndefined();
  });
});

describe('token validation', () => {
  it.each([
    ['empty', '', 'empty'],
    ['only spaces', ' \t\n ', 'empty'],
    ['an inner space', 'abcd efgh', 'invalid-character'],
    ['a line break inside', 'abcd\nefgh', 'invalid-character'],
    ['a control character', 'abcd\u0007efgh', 'invalid-character'],
    ['a zero-width space from a paste', 'abcd\u200befgh', 'invalid-character'],
    ['an ideographic space', 'abcd\u3000efgh', 'invalid-character'],
    ['non-ASCII text', '令牌abcdefgh', 'invalid-character'],
    ['more than the maximum length', 'a'.repeat(MAX_TOKEN_LENGTH + 1), 'too-long'],
  ])('refuses a token that is %s, without repeating it', (_case, candidate, problem) => {
    const vault = createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) });
    const failure = vaultError(() => vault.write(candidate));
    expect(failure.error.code).toBe('token-vault.invalid-token');
    expect(failure.error.params).toMatchObject({ problem, maxLength: MAX_TOKEN_LENGTH });
    if (candidate.trim().length >= 4) expect(everythingSaidBy(failure)).not.toContain(candidate.trim().slice(0, 4));
    expect(vault.status()).toEqual({ isSet: false, lastFour: null, unreadable: null, weakProtection: false });
  });

  it('accepts the longest allowed token and trims the ends', () => {
    expect(validateToken('a'.repeat(MAX_TOKEN_LENGTH))).toHaveLength(MAX_TOKEN_LENGTH);
    expect(validateToken('\t Bearer-less.token_value~1 \r\n')).toBe('Bearer-less.token_value~1');
  });

  it('names where the bad character is', () => {
    expect(vaultError(() => validateToken('abc def')).error.params).toMatchObject({ problem: 'invalid-character', position: 4 });
  });
});

describe('token vault with the safeStorage cipher', () => {
  // Electron's safeStorage is not our component: this stand-in implements its three methods with
  // a reversible transform (XOR and a marker), enough to check what the cipher and vault do.
  const marker = Buffer.from('fake-os-cipher:');
  const standInSafeStorage = (available: boolean): SafeStorageLike => ({
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.concat([marker, Buffer.from(plain).map((byte) => byte ^ 0x5a)]),
    decryptString: (data) => {
      if (!data.subarray(0, marker.length).equals(marker)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return Buffer.from(data.subarray(marker.length).map((byte) => byte ^ 0x5a)).toString();
    },
  });

  it('stores through safeStorage and reads back', () => {
    const vault = createTokenVault({ filePath: vaultPath, cipher: safeStorageCipher(standInSafeStorage(true)) });
    vault.write(token);
    expect(readFileSync(vaultPath).includes(Buffer.from(token))).toBe(false);
    expect(createTokenVault({ filePath: vaultPath, cipher: safeStorageCipher(standInSafeStorage(true)) }).read()).toBe(token);
  });

  it('refuses to store or read the token when the OS offers no encryption', () => {
    createTokenVault({ filePath: vaultPath, cipher: safeStorageCipher(standInSafeStorage(true)) }).write(token);
    const unavailable = createTokenVault({ filePath: vaultPath, cipher: safeStorageCipher(standInSafeStorage(false)) });
    expect(vaultError(() => unavailable.write('another-token')).error.code).toBe('token-vault.encryption-unavailable');
    expect(vaultError(() => unavailable.read()).error.code).toBe('token-vault.encryption-unavailable');
  });

  it('on Linux without a keyring (basic_text) says so and stores only once the user accepts', () => {
    const basicText = () => safeStorageCipher(standInSafeStorage(true), { selectedBackend: () => 'basic_text' });
    const vault = createTokenVault({ filePath: vaultPath, cipher: basicText() });
    expect(vault.status()).toEqual({ isSet: false, lastFour: null, unreadable: null, weakProtection: true });
    const refused = vaultError(() => vault.write(token));
    expect(refused.error).toEqual({ code: 'token-vault.weak-protection', params: { backend: 'basic-text' }, retryable: false });
    expect(describeError(refused.error, 'zh').text).toContain('密钥环');
    expect(vault.status().isSet).toBe(false);
    vault.write(token, { acceptWeakProtection: true });
    expect(createTokenVault({ filePath: vaultPath, cipher: basicText() }).read()).toBe(token);
    // A keyring backend needs no question.
    const keyring = createTokenVault({ filePath: vaultPath, cipher: safeStorageCipher(standInSafeStorage(true), { selectedBackend: () => 'gnome_libsecret' }) });
    keyring.write(token);
    expect(keyring.status().weakProtection).toBe(false);
  });

  it('reports a token another cipher stored as unreadable', () => {
    createTokenVault({ filePath: vaultPath, cipher: keyFileCipher({ keyPath }) }).write(token);
    const failure = vaultError(() => createTokenVault({ filePath: vaultPath, cipher: safeStorageCipher(standInSafeStorage(true)) }).read());
    expect(failure.error.params).toEqual({ reason: 'cannot-decrypt' });
    expect(everythingSaidBy(failure)).not.toContain(token);
  });
});
