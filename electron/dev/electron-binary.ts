import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The Electron binary of the `electron` package, or why there is none. */
export type ElectronBinary = { path: string } | { missing: string };

/** The folder of the `electron` package (its install script and the binary's folder live there). */
export const electronPackageDir = (): string => dirname(createRequire(import.meta.url).resolve('electron/package.json'));

/**
 * The installed Electron binary, found as the package's own index.js finds it
 * (ELECTRON_OVERRIDE_DIST_PATH, else `dist/` named by path.txt) — but never downloading one, which
 * requiring the package would try.
 */
export function installedElectronBinary(): ElectronBinary {
  const packageDir = electronPackageDir();
  const pathFile = join(packageDir, 'path.txt');
  const executable = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const binary = join(override, executable ?? 'electron');
    return existsSync(binary) ? { path: binary } : { missing: `ELECTRON_OVERRIDE_DIST_PATH names ${binary}, which does not exist` };
  }
  if (executable === null) return { missing: `the electron package has no binary installed (no ${pathFile})` };
  const binary = join(packageDir, 'dist', executable);
  return existsSync(binary) ? { path: binary } : { missing: `the electron package's binary ${binary} does not exist` };
}
