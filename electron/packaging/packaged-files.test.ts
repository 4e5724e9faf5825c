import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';
import { productionPackageRoots } from '../about/third-party-licences';
import { createPackagedPathFilter, projectRoot, readElectronBuilderConfig, type PackagedPlatform } from './electron-builder-config';

const platforms: PackagedPlatform[] = ['win', 'mac', 'linux'];
/** The Electron test entry (e2e through _electron): built into out/main beside the app's entry, never packaged. */
const testEntry = 'out/main/e2e-entry.js';
/** Folders that are never part of the app and would only slow the walk (version control, outputs). */
const notWalked = new Set(['.git', 'node_modules', 'release', 'dist']);

/** Every file below a folder, as project-relative `/` paths. */
function walk(folder: string, skip: ReadonlySet<string> = new Set()): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? walk(full) : [path.relative(projectRoot, full).split(path.sep).join('/')];
  });
}

let config: Configuration;
let projectFiles: string[];
let moduleFiles: string[];

beforeAll(async () => {
  if (!existsSync(path.join(projectRoot, 'out', 'main', 'index.js'))) throw new Error('out/ is not built: run "npm run build" first');
  if (!existsSync(path.join(projectRoot, testEntry))) throw new Error(`${testEntry} is not built: run "npm run build" first`);
  config = await readElectronBuilderConfig();
  projectFiles = walk(projectRoot, notWalked);
  // The node_modules electron-builder copies: the production dependencies and what they need.
  moduleFiles = productionPackageRoots(projectRoot).flatMap((root) => walk(root));
});

describe('the packaged file list, over the real project tree and the built out/', () => {
  it.each(platforms)('%s: exactly the bundles, package.json, the window icon and label fonts', (platform) => {
    const isPackaged = createPackagedPathFilter(config, platform);
    const packaged = projectFiles.filter(isPackaged).sort();
    const expected = projectFiles
      .filter((file) => /^out\/(main|preload|renderer)\//.test(file) && !file.endsWith('.map') && file !== testEntry)
      .concat(['package.json', 'assets/icon.png'])
      .concat(projectFiles.filter((file) => /^assets\/(icons|fonts)\//.test(file)))
      .sort();

    expect(packaged).toEqual(expected);
    expect(packaged).toEqual(expect.arrayContaining(['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'out/renderer/third-party-licences.json']));
  });

  it.each(platforms)('%s: never the browser host, the test entry, benchmarks, e2e specs, tests, test helpers, sources or CI', (platform) => {
    const isPackaged = createPackagedPathFilter(config, platform);
    const packaged = [...projectFiles, ...moduleFiles].filter(isPackaged);
    const forbidden = packaged.filter(
      (file) =>
        /^(electron|renderer|shared|bench|e2e|\.github|\.ci|reports|test-results)\//.test(file) ||
        /^out\/host\//.test(file) ||
        file === testEntry ||
        /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) ||
        /\.map$/.test(file),
    );
    expect(forbidden).toEqual([]);
    // The walk did see them: the host, the benchmarks and the tests are in the tree, only not in the app.
    for (const file of ['electron/host/station-host.ts', testEntry, 'bench/run-benchmarks.ts', 'electron/packaging/packaged-files.test.ts']) expect(projectFiles).toContain(file);
  });

  it.each(platforms)('%s: every production dependency goes in, with its package.json', (platform) => {
    const isPackaged = createPackagedPathFilter(config, platform);
    const manifests = moduleFiles.filter((file) => /^node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(file) || /\/node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(file));
    expect(manifests.length).toBeGreaterThan(20);
    expect(manifests.filter((file) => !isPackaged(file))).toEqual([]);
  });
});

describe('what the built main bundle holds', () => {
  /** Every packaged main file (the app's entry and the chunk it shares with the test entry), as one text. */
  const bundle = () => {
    const isPackaged = createPackagedPathFilter(config, 'linux');
    const files = projectFiles.filter((file) => /^out\/main\/[^/]+\.js$/.test(file) && isPackaged(file));
    expect(files).toContain('out/main/index.js');
    return files.map((file) => readFileSync(path.join(projectRoot, file), 'utf8')).join('\n');
  };

  it('has the demo sandbox and emulator, but not the browser host or its static file server', () => {
    const code = bundle();
    expect(code).toContain('sandbox-state.json');
    expect(code).toContain('spool');
    for (const hostOnly of ['Station host listening', 'x-station-key', '@fastify/static']) expect(code).not.toContain(hostOnly);
  });

  it('reads no command-line flag and no environment variable but the data folder: nothing can switch faults or admin routes on', () => {
    const code = bundle();
    // The test entry does read the host's overrides: it is built, and kept out of the package.
    expect(readFileSync(path.join(projectRoot, testEntry), 'utf8')).toContain('STATION_BASE_URL');
    expect(code).not.toContain('STATION_BASE_URL');
    expect(code).not.toMatch(/process\.argv/);
    const named = [...code.matchAll(/process\.env(?:\.([A-Za-z_]\w*)|\[\s*["'`]([^"'`]+)["'`]\s*\])/g)].map((match) => match[1] ?? match[2]);
    expect([...new Set(named)]).toEqual(['STATION_DATA_DIR']);
    // The whole environment goes only to the data folder choice (resolve-data-folder.ts reads
    // STATION_DATA_DIR from it) and on to the OS printing commands it starts (CUPS reads its own).
    const wholeEnvironment = [...code.matchAll(/(env: |\.\.\.)?process\.env\b(?![.[])/g)].map((match) => match[1] ?? '(other use)');
    expect(wholeEnvironment.filter((use) => use === 'env: ')).toHaveLength(1);
    expect(wholeEnvironment.filter((use) => use !== 'env: ' && use !== '...')).toEqual([]);
  });

  it('has no auto-updater: desks are offline and updates are installed by hand', () => {
    const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    expect(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => /updater/.test(name))).toEqual([]);
    expect(bundle()).not.toMatch(/autoUpdater|electron-updater/);
    expect(config.publish).toBeNull();
  });
});

describe('installer options the issue asks for', () => {
  it('NSIS keeps the data folder on uninstall, makes no update blockmap, offers per-user by default', () => {
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      selectPerMachineByDefault: false,
      allowElevation: true,
      deleteAppDataOnUninstall: false,
      differentialPackage: false,
    });
  });
});
