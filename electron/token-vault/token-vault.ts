import { readFileSync, rmSync } from 'node:fs';
import { stationError } from '../../shared/errors/station-error';
import { writeFileAtomically } from '../data-folder/atomic-file';
import { systemErrorCode } from '../data-folder/system-error-code';
import { StationFailure } from '../ipc/to-station-error';

/** Whether a token is stored, and its last four characters: all the renderer ever learns of it. */
export interface TokenStatus {
  isSet: boolean;
  /** Null when no token is set, or when the token is too short to show any of it safely. */
  lastFour: string | null;
}

/** The gateway access token's safe: encrypted at rest, readable only in the main process. */
export interface TokenVault {
  /** Whether a token is stored and its last four characters. Throws like `read`. */
  status(): TokenStatus;
  /**
   * The token, or null when none is stored. Main process only: it never crosses IPC. Throws a
   * StationFailure (`token-vault.unreadable`, `token-vault.encryption-unavailable`) when a
   * stored token cannot be decrypted.
   */
  read(): string | null;
  /** Validates (trimmed; see `validateToken`), encrypts and stores the token. */
  write(token: string): void;
  /** Forgets the stored token. */
  clear(): void;
}

/** Encrypts the token at rest: Electron's safeStorage in the app, a key file elsewhere. */
export interface TokenCipher {
  /** Whether encryption works here (safeStorage needs an OS keychain or keyring). */
  isAvailable(): boolean;
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
}

function readVaultCiphertext(filePath: string): Buffer | null {
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
      return Buffer.from(file.ciphertext, 'base64');
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

  const read = (): string | null => {
    if (known !== undefined) return known;
    const ciphertext = readVaultCiphertext(filePath);
    if (ciphertext === null) return (known = null);
    if (!cipher.isAvailable()) throw new StationFailure(stationError('token-vault.encryption-unavailable', {}));
    let plain: string;
    try {
      plain = cipher.decrypt(ciphertext);
    } catch (error) {
      if (error instanceof StationFailure) throw error;
      throw unreadableToken('cannot-decrypt');
    }
    try {
      known = validateToken(plain);
    } catch {
      throw unreadableToken('damaged');
    }
    return known;
  };

  return {
    status() {
      const token = read();
      if (token === null) return { isSet: false, lastFour: null };
      return { isSet: true, lastFour: token.length >= LAST_FOUR_MIN_TOKEN_LENGTH ? token.slice(-4) : null };
    },
    read,
    write(token) {
      const valid = validateToken(token);
      if (!cipher.isAvailable()) throw new StationFailure(stationError('token-vault.encryption-unavailable', {}));
      try {
        const file: VaultFile = { format: 'station-token-vault', version: 1, ciphertext: cipher.encrypt(valid).toString('base64') };
        writeFileAtomically(filePath, `${JSON.stringify(file)}\n`, { mode: 0o600 });
      } catch (error) {
        if (error instanceof StationFailure) throw error;
        throw new StationFailure(stationError('token-vault.write-failed', { reason: systemErrorCode(error) }));
      }
      known = valid;
    },
    clear() {
      try {
        rmSync(filePath, { force: true });
      } catch (error) {
        throw new StationFailure(stationError('token-vault.write-failed', { reason: systemErrorCode(error) }));
      }
      known = null;
    },
  };
}
