import type { TokenCipher } from './token-vault';

/**
 * The part of Electron's `safeStorage` the vault uses, typed structurally so that this file
 * imports nothing from electron (the glue in electron/main passes the real object).
 */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * The app's cipher: Electron's safeStorage, which keeps its key in the OS keychain (macOS),
 * DPAPI (Windows) or the desktop keyring (Linux). Only usable after the app is ready.
 */
export function safeStorageCipher(safeStorage: SafeStorageLike): TokenCipher {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
