import { readFileSync, rmSync } from 'node:fs';
import { writeFileAtomically } from '../data-folder/atomic-file';

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
   * TokenVaultError (`token-vault.unreadable`, `token-vault.encryption-unavailable`) when a
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

/** Codes of the vault's errors; not in the shared error catalog yet (StationError-shaped). */
export type TokenVaultErrorCode =
  | 'token-vault.invalid-token'
  | 'token-vault.unreadable'
  | 'token-vault.encryption-unavailable'
  | 'token-vault.write-failed';

/** Why a token was refused. */
export type InvalidTokenProblem = 'empty' | 'too-long' | 'invalid-character';

/** Why a stored token cannot be read: the vault or key file is damaged or missing, or the key is another one. */
export type UnreadableTokenReason = 'damaged' | 'cannot-decrypt' | 'key-missing' | 'key-damaged' | (string & {});

/** Parameters of each vault error. None ever holds the token or any part of it. */
export interface TokenVaultErrorParams {
  'token-vault.invalid-token': { problem: InvalidTokenProblem; maxLength: number; position?: number };
  'token-vault.unreadable': { reason: UnreadableTokenReason };
  'token-vault.encryption-unavailable': Record<string, never>;
  /** The system error code of the failed write or removal. */
  'token-vault.write-failed': { reason: string };
}

const invalidTokenText: Record<InvalidTokenProblem, (params: TokenVaultErrorParams['token-vault.invalid-token']) => string> = {
  empty: () => 'The access token is empty.',
  'too-long': ({ maxLength }) => `The access token is longer than ${maxLength} characters.`,
  'invalid-character': ({ position }) =>
    `The access token contains a space, line break or other character that cannot be part of a token (character ${position}).`,
};

const englishText: { [C in TokenVaultErrorCode]: (params: TokenVaultErrorParams[C]) => string } = {
  'token-vault.invalid-token': (params) => invalidTokenText[params.problem](params),
  'token-vault.unreadable': ({ reason }) => `The stored access token cannot be read (${reason}). Enter the access token again.`,
  'token-vault.encryption-unavailable': () =>
    'This system offers no way to encrypt the access token, so it cannot be stored or read.',
  'token-vault.write-failed': ({ reason }) => `The access token could not be saved (${reason}).`,
};

/** A typed failure of the vault. Its message is English for the logs and never holds the token. */
export class TokenVaultError<C extends TokenVaultErrorCode = TokenVaultErrorCode> extends Error {
  readonly retryable = false;

  constructor(
    readonly code: C,
    readonly params: TokenVaultErrorParams[C],
  ) {
    super(englishText[code](params));
    this.name = 'TokenVaultError';
  }
}

/**
 * Checks a token as entered and answers it trimmed: not empty, at most MAX_TOKEN_LENGTH
 * characters, only visible ASCII (it travels in an HTTP `Authorization` header, where spaces,
 * line breaks, invisible or non-ASCII characters from a careless paste would break it).
 */
export function validateToken(token: string): string {
  const trimmed = token.trim();
  const base = { maxLength: MAX_TOKEN_LENGTH };
  if (trimmed === '') throw new TokenVaultError('token-vault.invalid-token', { ...base, problem: 'empty' });
  if (trimmed.length > MAX_TOKEN_LENGTH) throw new TokenVaultError('token-vault.invalid-token', { ...base, problem: 'too-long' });
  const invalidAt = trimmed.search(/[^\x21-\x7e]/);
  if (invalidAt >= 0) {
    throw new TokenVaultError('token-vault.invalid-token', { ...base, problem: 'invalid-character', position: invalidAt + 1 });
  }
  return trimmed;
}

/** What the vault file holds: the ciphertext, and a name and version to recognize the file by. */
interface VaultFile {
  format: 'station-token-vault';
  version: 1;
  /** The cipher's output, base64. */
  ciphertext: string;
}

const systemErrorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'unknown error';

function readVaultCiphertext(filePath: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return null;
    throw new TokenVaultError('token-vault.unreadable', { reason: systemErrorCode(error) });
  }
  try {
    const file = JSON.parse(text) as Partial<VaultFile>;
    if (file.format === 'station-token-vault' && file.version === 1 && typeof file.ciphertext === 'string') {
      return Buffer.from(file.ciphertext, 'base64');
    }
  } catch {
    // Falls through to "damaged".
  }
  throw new TokenVaultError('token-vault.unreadable', { reason: 'damaged' });
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
    if (!cipher.isAvailable()) throw new TokenVaultError('token-vault.encryption-unavailable', {});
    let plain: string;
    try {
      plain = cipher.decrypt(ciphertext);
    } catch (error) {
      if (error instanceof TokenVaultError) throw error;
      throw new TokenVaultError('token-vault.unreadable', { reason: 'cannot-decrypt' });
    }
    try {
      known = validateToken(plain);
    } catch {
      throw new TokenVaultError('token-vault.unreadable', { reason: 'damaged' });
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
      if (!cipher.isAvailable()) throw new TokenVaultError('token-vault.encryption-unavailable', {});
      try {
        const file: VaultFile = { format: 'station-token-vault', version: 1, ciphertext: cipher.encrypt(valid).toString('base64') };
        writeFileAtomically(filePath, `${JSON.stringify(file)}\n`, { mode: 0o600 });
      } catch (error) {
        if (error instanceof TokenVaultError) throw error;
        throw new TokenVaultError('token-vault.write-failed', { reason: systemErrorCode(error) });
      }
      known = valid;
    },
    clear() {
      try {
        rmSync(filePath, { force: true });
      } catch (error) {
        throw new TokenVaultError('token-vault.write-failed', { reason: systemErrorCode(error) });
      }
      known = null;
    },
  };
}
