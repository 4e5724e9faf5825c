import { join } from 'node:path';
import { createTokenVault, type TokenCipher, type TokenVault } from './token-vault';

/** The station's secrets: the token's vault, the shared database's password vault, and every secret the logs must never show. */
export interface StationSecrets {
  vault: TokenVault;
  /** The shared database's password, kept as the token is, in a vault file of its own. */
  sharedPasswordVault: TokenVault;
  /** Every secret known now (a vault that cannot be read counts as none), for redaction. */
  current(): (string | null | undefined)[];
  /** A secret learnt while running (the embedded sandbox's token). */
  add(secret: string): void;
}

/** Opens the station's vaults in its data folder with the shell's cipher; `overrideToken` (a run's own token) is a secret too. */
export function openStationSecrets(dataDir: string, cipher: TokenCipher, overrideToken: string | undefined): StationSecrets {
  const vault = createTokenVault({ filePath: join(dataDir, 'token.vault'), cipher });
  const sharedPasswordVault = createTokenVault({ filePath: join(dataDir, 'shared-mode-password.vault'), cipher });
  const learnt: (string | null | undefined)[] = [overrideToken];
  return {
    vault,
    sharedPasswordVault,
    current: () => [...learnt, readOrNull(() => vault.read()), readOrNull(() => sharedPasswordVault.read())],
    add: (secret) => {
      learnt.push(secret);
    },
  };
}

/** A damaged vault must not stop the logs: its secret is simply not known. */
function readOrNull(read: () => string | null): string | null {
  try {
    return read();
  } catch {
    return null;
  }
}
