import { readFileSync, rmSync } from 'node:fs';
import { stationError } from '../../shared/errors/station-error';
import type { TokenStatus } from '../../shared/ipc/ipc-contract';
import { writeFileAtomically } from '../data-folder/atomic-file';
import { systemErrorCode } from '../data-folder/system-error-code';
import { StationFailure } from '../ipc/to-station-error';

export type { TokenStatus };

/** How a token is stored: for which gateway, and whether the user accepted a weakly protected key. */
export interface TokenWriteOptions {
  /** The origin (`https://host:port`) of the gateway the token was entered for; null in demo mode. */
  gatewayOrigin?: string | null;
  /** The user agreed to store the token although the cipher's key is not protected by the OS. */
  acceptWeakProtection?: boolean;
}

/** The gateway access token's safe: encrypted at rest, readable only in the main process. */
export interface TokenVault {
  /**
   * Whether a usable token is stored, its last four characters, and why a stored token cannot
   * be read. Never throws: a damaged vault must not keep the user from Settings.
   */
  status(): TokenStatus;
  /**
   * The token, or null when none is stored. Main process only: it never crosses IPC. Throws a
   * StationFailure (`token-vault.unreadable`, `token-vault.encryption-unavailable`) when a
   * stored token cannot be decrypted; that outcome is kept, so the file is not read again
   * until a token is written or cleared.
   */
  read(): string | null;
  /**
   * Validates (trimmed; see `validateToken`), encrypts and stores the token for one gateway.
   * Throws `token-vault.weak-protection` when the cipher's key is not protected by the OS and
   * the user has not accepted that.
   */
  write(token: string, options?: TokenWriteOptions): void;
  /**
   * The origin of the gateway the stored token was entered for; undefined when none was
   * recorded (a vault written before tokens were bound to a gateway) or nothing can be read.
   */
  gatewayOrigin(): string | null | undefined;
  /** Forgets the stored token. */
  clear(): void;
}

/** Encrypts the token at rest: Electron's safeStorage in the app, a key file elsewhere. */
export interface TokenCipher {
  /** Whether encryption works here (safeStorage needs an OS keychain or keyring). */
  isAvailable(): boolean;
  /**
   * Why the cipher's key is not protected by the OS, or null when it is: `basic-text` is
   * Electron's Linux fallback without a keyring, whose key is a constant in the app.
   */
  weakProtection?: () => 'basic-text' | null;
  encrypt(plain: string): Buffer;
  /** Throws when the data was not encrypted by this cipher (another key, another OS user). */
  decrypt(data: Buffer): string;
}

/** The longest token accepted. */
export const MAX_TOKEN_LENGTH = 4096;

/** The shortest token of which `status` shows the last four characters (else it shows none). */
export const LAST_FOUR_MIN_TOKEN_LENGTH = 8;

/** Why a token was refused (the `problem` of `token-vault.invalid-token`). */
export type InvalidTokenProblem = 'empty' | 'too-long' | 'invalid-character';

/** A refused token: its problem and, for a character that cannot be in a token, its position (1-based). Never the token. */
function invalidToken(problem: InvalidTokenProblem, position?: number): StationFailure {
  return new StationFailure(
    stationError('token-vault.invalid-token', { problem, maxLength: MAX_TOKEN_LENGTH, ...(position === undefined ? {} : { position }) }),
  );
}

/** The stored token cannot be read: the vault or key file is damaged or missing, the key is another one, or a system error code. */
export function unreadableToken(reason: 'damaged' | 'cannot-decrypt' | 'key-missing' | 'key-damaged' | (string & {})): StationFailure {
  return new StationFailure(stationError('token-vault.unreadable', { reason }));
}

/**
 * Checks a token as entered and answers it trimmed: not empty, at most MAX_TOKEN_LENGTH
 * characters, only visible ASCII (it travels in an HTTP `Authorization` header, where spaces,
 * line breaks, invisible or non-ASCII characters from a careless paste would break it).
 */
export function validateToken(token: string): string {
  const trimmed = token.trim();
  if (trimmed === '') throw invalidToken('empty');
  if (trimmed.length > MAX_TOKEN_LENGTH) throw invalidToken('too-long');
  const invalidAt = trimmed.search(/[^\x21-\x7e]/);
  if (invalidAt >= 0) throw invalidToken('invalid-character', invalidAt + 1);
  return trimmed;
}

/** What the vault file holds: the ciphertext, and a name and version to recognize the file by. */
interface VaultFile {
  format: 'station-token-vault';
  version: 1;
  /** The cipher's output, base64. */
  ciphertext: string;
  /** The gateway the token is for (absent in vaults written before tokens were bound to one). */
  gatewayOrigin?: string | null;
}

function readVaultFile(filePath: string): { ciphertext: Buffer; gatewayOrigin: string | null | undefined } | null {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return null;
    throw unreadableToken(systemErrorCode(error));
  }
  try {
    const file = JSON.parse(text) as Partial<VaultFile>;
    if (file.format === 'station-token-vault' && file.version === 1 && typeof file.ciphertext === 'string') {
      const gatewayOrigin = typeof file.gatewayOrigin === 'string' || file.gatewayOrigin === null ? file.gatewayOrigin : undefined;
      return { ciphertext: Buffer.from(file.ciphertext, 'base64'), gatewayOrigin };
    }
  } catch {
    // Falls through to "damaged".
  }
  throw unreadableToken('damaged');
}

/**
 * The vault: one file holding the token encrypted by `cipher`, written atomically (mode 0600).
 * The token is decrypted once and kept in memory for the process's life; errors and logs never
 * contain it.
 */
export function createTokenVault(options: { filePath: string; cipher: TokenCipher }): TokenVault {
  const { filePath, cipher } = options;
  /** The token as last read or written; undefined until the file has been read. */
  let known: string | null | undefined;
  /** The gateway origin stored with the known token. */
  let knownOrigin: string | null | undefined;
  /** Why the file could not be read: kept, so that a damaged vault is not read again at every log line. */
  let failure: StationFailure | null = null;

  const decode = (): string | null => {
    const file = readVaultFile(filePath);
    if (file === null) return null;
    knownOrigin = file.gatewayOrigin;
    if (!cipher.isAvailable()) throw new StationFailure(stationError('token-vault.encryption-unavailable', {}));
    let plain: string;
    try {
      plain = cipher.decrypt(file.ciphertext);
    } catch (error) {
      if (error instanceof StationFailure) throw error;
      throw unreadableToken('cannot-decrypt');
    }
    try {
      return validateToken(plain);
    } catch {
      throw unreadableToken('damaged');
    }
  };

  const read = (): string | null => {
    if (known !== undefined) return known;
    if (failure) throw failure;
    try {
      return (known = decode());
    } catch (error) {
      if (error instanceof StationFailure) failure = error;
      knownOrigin = undefined;
      throw error;
    }
  };

  const forget = () => {
    known = undefined;
    knownOrigin = undefined;
    failure = null;
  };

  return {
    status() {
      const weakProtection = cipher.weakProtection?.() != null;
      let token: string | null;
      try {
        token = read();
      } catch (error) {
        if (!(error instanceof StationFailure)) throw error;
        return { isSet: false, lastFour: null, unreadable: error.error, weakProtection };
      }
      if (token === null) return { isSet: false, lastFour: null, unreadable: null, weakProtection };
      return { isSet: true, lastFour: token.length >= LAST_FOUR_MIN_TOKEN_LENGTH ? token.slice(-4) : null, unreadable: null, weakProtection };
    },
    read,
    gatewayOrigin() {
      try {
        read();
      } catch {
        return undefined;
      }
      return knownOrigin;
    },
    write(token, writeOptions = {}) {
      const valid = validateToken(token);
      if (!cipher.isAvailable()) throw new StationFailure(stationError('token-vault.encryption-unavailable', {}));
      const weakness = cipher.weakProtection?.() ?? null;
      if (weakness !== null && writeOptions.acceptWeakProtection !== true) {
        throw new StationFailure(stationError('token-vault.weak-protection', { backend: weakness }));
      }
      const gatewayOrigin = writeOptions.gatewayOrigin ?? null;
      try {
        const file: VaultFile = { format: 'station-token-vault', version: 1, ciphertext: cipher.encrypt(valid).toString('base64'), gatewayOrigin };
        writeFileAtomically(filePath, `${JSON.stringify(file)}\n`, { mode: 0o600 });
      } catch (error) {
        if (error instanceof StationFailure) throw error;
        throw new StationFailure(stationError('token-vault.write-failed', { reason: systemErrorCode(error) }));
      }
      forget();
      known = valid;
      knownOrigin = gatewayOrigin;
    },
    clear() {
      try {
        rmSync(filePath, { force: true });
      } catch (error) {
        throw new StationFailure(stationError('token-vault.write-failed', { reason: systemErrorCode(error) }));
      }
      forget();
      known = null;
    },
  };
}
