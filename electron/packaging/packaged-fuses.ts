import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Configuration } from 'electron-builder';

const requireFromBuilder = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));

/** The fuse names of @electron/fuses (FuseV1Options), which index the fuse wire in the binary. */
export type FuseName =
  | 'RunAsNode'
  | 'EnableCookieEncryption'
  | 'EnableNodeOptionsEnvironmentVariable'
  | 'EnableNodeCliInspectArguments'
  | 'EnableEmbeddedAsarIntegrityValidation'
  | 'OnlyLoadAppFromAsar'
  | 'LoadBrowserProcessSpecificV8Snapshot'
  | 'GrantFileProtocolExtraPrivileges';

/**
 * The fuses every installer's binary must carry: no Node mode (ELECTRON_RUN_AS_NODE), no
 * NODE_OPTIONS, no --inspect, the app only from the integrity-checked app.asar, cookies
 * encrypted, no extra privileges for file://.
 */
export const requiredFuses: Readonly<Partial<Record<FuseName, boolean>>> = {
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  OnlyLoadAppFromAsar: true,
  EnableEmbeddedAsarIntegrityValidation: true,
  EnableCookieEncryption: true,
  GrantFileProtocolExtraPrivileges: false,
};

interface FusesModule {
  FuseV1Options: Record<FuseName, number> & Record<number, FuseName>;
  getCurrentFuseWire(pathToElectron: string): Promise<Record<string, number | string>>;
  flipFuses(pathToElectron: string, config: Record<string, unknown>): Promise<number>;
}

/** @electron/fuses as electron-builder itself loads it (the version that flips the installers' fuses). */
export function loadFuses(): FusesModule {
  return requireFromBuilder('@electron/fuses') as FusesModule;
}

/** What a fuse byte in the binary means (@electron/fuses FuseState). */
const fuseBytes = { disabled: 0x30, enabled: 0x31 } as const;

/**
 * The fuse wire electron-builder writes for this configuration's `electronFuses`, by its own
 * (internal) `generateFuseConfig`: the exact object it hands to @electron/fuses when packaging.
 */
export async function fuseConfigFromBuilder(config: Configuration): Promise<Record<string, unknown>> {
  const { PlatformPackager } = requireFromBuilder('./out/index.js') as {
    PlatformPackager: { prototype: { generateFuseConfig?: (fuses: unknown) => Promise<Record<string, unknown>> } };
  };
  const generate = PlatformPackager.prototype.generateFuseConfig;
  if (typeof generate !== 'function') throw new Error('this electron-builder no longer has PlatformPackager.generateFuseConfig');
  if (!config.electronFuses) throw new Error('the configuration sets no electronFuses');
  return generate.call({}, config.electronFuses);
}

/**
 * Reads the fuse wire of a packaged app (an .exe, a Linux binary, or a macOS .app) and names
 * every required fuse that is not as required. Empty: the binary is hardened as it must be.
 */
export async function checkPackagedFuses(pathToApp: string): Promise<string[]> {
  const fuses = loadFuses();
  const wire = await fuses.getCurrentFuseWire(pathToApp);
  const problems: string[] = [];
  for (const [name, wanted] of Object.entries(requiredFuses) as [FuseName, boolean][]) {
    const state = wire[fuses.FuseV1Options[name]];
    const expected = wanted ? fuseBytes.enabled : fuseBytes.disabled;
    if (state !== expected) problems.push(`${name} should be ${wanted ? 'enabled' : 'disabled'} but is ${state === undefined ? 'missing from the wire' : state === fuseBytes.enabled ? 'enabled' : state === fuseBytes.disabled ? 'disabled' : `in state ${String(state)}`}`);
  }
  return problems;
}

/**
 * The packaged apps electron-builder leaves in its output folder before making the installers
 * (`win-unpacked`, `mac`, `mac-arm64`, `linux-unpacked`), those that exist.
 */
export function packagedApps(releaseDir: string, names: { productName: string; executableName: string }): string[] {
  return [
    join(releaseDir, 'win-unpacked', `${names.productName}.exe`),
    join(releaseDir, 'mac', `${names.productName}.app`),
    join(releaseDir, 'mac-arm64', `${names.productName}.app`),
    join(releaseDir, 'linux-unpacked', names.executableName),
  ].filter((path) => existsSync(path));
}
