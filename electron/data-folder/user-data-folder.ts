import { homedir } from 'node:os';
import { posix, win32 } from 'node:path';

/** What decides where the per-user data folder is: the system, its environment and the user's home. */
export interface UserDataFolderSystem {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
}

/**
 * The per-user data folder the desktop app uses, worked out without Electron so that the browser
 * host opens the same one: Electron's userData, `<appData>/<product name>`, where appData is
 * `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, and `$XDG_CONFIG_HOME` (else
 * `~/.config`) elsewhere.
 */
export function userDataFolder(productName: string, system: UserDataFolderSystem = { platform: process.platform, env: process.env, home: homedir() }): string {
  const { platform, env, home } = system;
  const set = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value : undefined);
  if (platform === 'win32') return win32.join(set(env.APPDATA) ?? win32.join(home, 'AppData', 'Roaming'), productName);
  if (platform === 'darwin') return posix.join(home, 'Library', 'Application Support', productName);
  return posix.join(set(env.XDG_CONFIG_HOME) ?? posix.join(home, '.config'), productName);
}
