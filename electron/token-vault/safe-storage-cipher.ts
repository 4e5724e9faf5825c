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

/** What the shell tells the cipher about the OS store behind safeStorage. */
export interface SafeStorageBackend {
  /**
   * The Linux backend safeStorage selected (`safeStorage.getSelectedStorageBackend()`:
   * `gnome_libsecret`, `kwallet5`, `basic_text`, …), or null on Windows and macOS.
   */
  selectedBackend: () => string | null;
}

/** Whether the selected backend leaves the key unprotected: `basic_text` (no keyring) does. */
export function weakSafeStorageProtection(selectedBackend: string | null): 'basic-text' | null {
  return selectedBackend === 'basic_text' ? 'basic-text' : null;
}

/**
 * The app's cipher: Electron's safeStorage, which keeps its key in the OS keychain (macOS),
 * DPAPI (Windows) or the desktop keyring (Linux). Only usable after the app is ready. On Linux
 * without a keyring safeStorage falls back to a key built into Electron: the vault then asks
 * before storing (`weakProtection`).
 */
export function safeStorageCipher(safeStorage: SafeStorageLike, backend?: SafeStorageBackend): TokenCipher {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    weakProtection: () => weakSafeStorageProtection(backend?.selectedBackend() ?? null),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
