import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomically } from '../data-folder/atomic-file';
import type { TokenCipher } from './token-vault';
import { unreadableToken } from './token-vault';
import { systemErrorCode } from '../data-folder/system-error-code';

const keyLength = 32;
const ivLength = 12;
const tagLength = 16;
/** First byte of every ciphertext, so that a later layout can be told apart. */
const layoutVersion = 1;

function readKey(keyPath: string): Buffer | null {
  let key: Buffer;
  try {
    key = readFileSync(keyPath);
  } catch (error) {
    if (systemErrorCode(error) === 'ENOENT') return null;
    throw unreadableToken(systemErrorCode(error));
  }
  if (key.length !== keyLength) throw unreadableToken('key-damaged');
  return key;
}

/**
 * A cipher for Node tests and the browser host, where Electron's safeStorage does not exist:
 * AES-256-GCM under a random 32-byte key kept in its own file (mode 0600), created on the first
 * encryption. Ciphertext layout: version byte, 12-byte IV, 16-byte tag, encrypted text. A missing
 * or damaged key is an error, never silently replaced (that would orphan the stored token).
 */
export function keyFileCipher(options: { keyPath: string }): TokenCipher {
  const { keyPath } = options;
  let key: Buffer | null = null;

  /** The key; created (only when encrypting) if there is none yet. */
  const loadKey = (createIfMissing: boolean): Buffer => {
    key ??= readKey(keyPath);
    if (key !== null) return key;
    if (!createIfMissing) throw unreadableToken('key-missing');
    const created = randomBytes(keyLength);
    writeFileAtomically(keyPath, created, { mode: 0o600 });
    return (key = created);
  };

  return {
    isAvailable: () => true,
    encrypt(plain) {
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv('aes-256-gcm', loadKey(true), iv);
      const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([layoutVersion]), iv, cipher.getAuthTag(), encrypted]);
    },
    decrypt(data) {
      if (data.length < 1 + ivLength + tagLength || data[0] !== layoutVersion) {
        throw unreadableToken('damaged');
      }
      const iv = data.subarray(1, 1 + ivLength);
      const tag = data.subarray(1 + ivLength, 1 + ivLength + tagLength);
      const decipher = createDecipheriv('aes-256-gcm', loadKey(false), iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data.subarray(1 + ivLength + tagLength)), decipher.final()]).toString('utf8');
    },
  };
}
