import { access, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createElectronBuilderConfigValidator,
  createPackagedPathFilter,
  electronBuilderConfigFile,
  projectRoot,
  readElectronBuilderConfig,
} from './electron-builder-config';
import type { ElectronBuilderConfigValidator, PackagedPlatform } from './electron-builder-config';

const platforms: PackagedPlatform[] = ['win', 'mac', 'linux'];

let config: Configuration;
let validate: ElectronBuilderConfigValidator;
let tempDir: string;

beforeAll(async () => {
  config = await readElectronBuilderConfig();
  validate = await createElectronBuilderConfigValidator();
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'electron-builder-config-'));
});

afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

/**
 * Says whether a packaged file (relative, `/`-separated) is unpacked beside the asar archive,
 * with the matcher electron-builder builds from `asarUnpack` (internal, like the file matchers
 * createPackagedPathFilter uses).
 */
function createAsarUnpackFilter(builderConfig: Configuration): (relativePath: string) => boolean {
  const { getFileMatchers } = createRequire(import.meta.url)('app-builder-lib/out/fileMatcher.js') as {
    getFileMatchers(
      config: Configuration,
      name: 'asarUnpack',
      destination: string,
      options: { macroExpander: (pattern: string) => string; customBuildOptions: object; globalOutDir: string; defaultSrc: string },
    ): { createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean }[] | null;
  };
  const matchers = getFileMatchers(builderConfig, 'asarUnpack', projectRoot, {
    macroExpander: (pattern) => pattern,
    customBuildOptions: {},
    globalOutDir: path.join(projectRoot, 'release'),
    defaultSrc: projectRoot,
  });
  const filter = matchers?.[0]?.createFilter();
  return (relativePath) => filter?.(path.join(projectRoot, relativePath), { isDirectory: () => false }) ?? false;
}

/** A platform's targets as `{ target, arch[] }`, whichever of the config's short forms was used. */
function targetsOf(platformConfig: { target?: string | TargetConfiguration | (string | TargetConfiguration)[] | null } | null | undefined): { target: string; arch: string[] }[] {
  const target = platformConfig?.target;
  const entries = target == null ? [] : Array.isArray(target) ? target : [target];
  return entries.map((entry) => {
    if (typeof entry === 'string') return { target: entry, arch: [] };
    const arch = entry.arch == null ? [] : Array.isArray(entry.arch) ? entry.arch : [entry.arch];
    return { target: entry.target, arch: arch.map(String) };
  });
}

/** A path from the config (relative to the project root) made absolute. */
function fromProject(relativePath: string | null | undefined): string {
  if (relativePath == null) throw new Error('path missing from the config');
  return path.join(projectRoot, relativePath);
}

describe('electron-builder.yml against the schema of the installed electron-builder', () => {
  it('is valid', () => {
    expect(validate(config)).toEqual({ valid: true, errors: [] });
  });

  it('rejects a misspelled option and names it', async () => {
    const text = await readFile(electronBuilderConfigFile, 'utf8');
    const misspelled = text.replace('perMachine: false', 'perMachin: false');
    expect(misspelled).not.toBe(text);
    const file = path.join(tempDir, 'misspelled.yml');
    await writeFile(file, misspelled);

    const result = validate(await readElectronBuilderConfig(file));

    expect(result.valid).toBe(false);
    expect(result.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/nsis', keyword: 'additionalProperties', params: { additionalProperty: 'perMachin' } }),
    );
  });

  it('rejects an unknown top-level key and names it', () => {
    const result = validate({ ...config, autoUpdate: false });

    expect(result.valid).toBe(false);
    expect(result.errors).toContainEqual(
      expect.objectContaining({ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'autoUpdate' } }),
    );
  });

  it('rejects a value of the wrong type', () => {
    const result = validate({ ...config, asar: 'yes please' });

    expect(result.valid).toBe(false);
    expect(result.errors.every((error) => error.instancePath === '/asar')).toBe(true);
    expect(result.errors.map((error) => error.keyword)).toContain('type');
  });

  it('refuses to read a file that is not a YAML mapping', async () => {
    const file = path.join(tempDir, 'list.yml');
    await writeFile(file, '- nsis\n- dmg\n');

    await expect(readElectronBuilderConfig(file)).rejects.toThrow(/does not hold a YAML mapping/);
  });
});

describe('what the packages are', () => {
  it('names the app and turns auto-update off', () => {
    expect(config.appId).toBe('com.waybillprintstation.app');
    expect(config.productName).toBe('Waybill Print Station');
    expect(config.copyright).toMatch(/^Copyright © \d{4} Waybill Print Station$/);
    expect(config.directories).toEqual({ output: 'release', buildResources: 'assets' });
    expect(config.publish).toBeNull();
  });

  it('builds the offline NSIS installer for x64 and no web installer', () => {
    const targets = platforms.flatMap((platform) => targetsOf(config[platform]).map((entry) => entry.target));
    expect(targets).not.toContain('nsis-web');
    expect(config.nsisWeb).toBeUndefined();
    expect(targetsOf(config.win)).toEqual([{ target: 'nsis', arch: ['x64'] }]);
  });

  it('installs per user by default, allows per machine, asks for the folder, in Chinese and English', () => {
    expect(config.nsis).toMatchObject({
      oneClick: false,
      perMachine: false,
      allowElevation: true,
      allowToChangeInstallationDirectory: true,
      createDesktopShortcut: true,
      createStartMenuShortcut: true,
      multiLanguageInstaller: true,
      shortcutName: 'Waybill Print Station',
    });
    expect(config.nsis?.installerLanguages).toEqual(expect.arrayContaining(['zh_CN', 'en_US']));
  });

  it('builds disk images for Intel and Apple silicon with the hardened runtime', () => {
    expect(targetsOf(config.mac)).toEqual([{ target: 'dmg', arch: ['x64', 'arm64'] }]);
    expect(config.mac).toMatchObject({
      category: 'public.app-category.business',
      hardenedRuntime: true,
      gatekeeperAssess: false,
      entitlements: 'assets/entitlements.mac.plist',
      entitlementsInherit: 'assets/entitlements.mac.plist',
    });
  });

  it('grants only the JIT entitlement that V8 needs', async () => {
    for (const file of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      const plist = await readFile(fromProject(file), 'utf8');
      const granted = [...plist.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1]);
      expect(granted).toEqual(['com.apple.security.cs.allow-jit']);
    }
  });

  it('keeps signing identities out of the repository', () => {
    expect(config.mac?.identity).toBeUndefined();
    for (const section of [config, config.win, config.mac, config.linux]) {
      expect(section?.cscLink).toBeUndefined();
      expect(section?.cscKeyPassword).toBeUndefined();
    }
  });

  it('builds an x64 AppImage filed under Office', () => {
    expect(targetsOf(config.linux)).toEqual([{ target: 'AppImage', arch: ['x64'] }]);
    expect(config.linux?.category).toBe('Office');
  });

  it('packs the app into asar with native code and the Windows printing helper unpacked, and flips the hardening fuses', () => {
    expect(config.asar).toBe(true);
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining(['**/*.node', '**/node_modules/better-sqlite3/**', '**/node_modules/pdf-to-printer/dist/*.exe']),
    );
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    });
  });
});

describe('which files go into the app', () => {
  const shipped = [
    'package.json',
    'out/main/index.js',
    'out/preload/index.cjs',
    'out/renderer/index.html',
    'out/renderer/assets/index-3f2a.js',
    'assets/icon.png',
    'assets/icons/256x256.png',
    'assets/fonts/label-sans.woff2',
    'node_modules/better-sqlite3/lib/index.js',
    'node_modules/@fastify/multipart/index.js',
  ];
  const notShipped = [
    'electron/host/cli.ts',
    'out/host/index.js',
    'bench/run-benchmarks.ts',
    'e2e/issue-and-print.spec.ts',
    'electron/gateway/testing/gateway-test-bench.ts',
    'out/main/index.js.map',
    'out/main/label-layout.test.js',
    'out/main/e2e-entry.js',
    'electron/main/index.ts',
    'renderer/index.html',
    'assets/icon.svg',
    'assets/icon.icns',
    'assets/entitlements.mac.plist',
    'electron-builder.yml',
    'package-lock.json',
    'release/waybill-print-station-0.1.0-win-x64.exe',
    'node_modules/ws/index.js.map',
    'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c',
    'node_modules/better-sqlite3/binding.gyp',
  ];

  it.each(platforms)('%s: ships the bundles, package.json, icons, fonts and modules, nothing else', (platform) => {
    const isPackaged = createPackagedPathFilter(config, platform);
    expect(shipped.filter((file) => !isPackaged(file))).toEqual([]);
    expect(notShipped.filter(isPackaged)).toEqual([]);
  });

  it.each(platforms)('%s: keeps the browser host, the test entry, benchmarks, e2e specs, tests, test kits and source maps out even if everything is included', (platform) => {
    const files = config.files;
    if (!Array.isArray(files)) throw new Error('files is expected to be a list');
    const isPackaged = createPackagedPathFilter({ ...config, files: ['**/*', ...files] }, platform);

    expect(isPackaged('electron/main/index.ts')).toBe(true);
    for (const file of ['electron/host/cli.ts', 'out/host/index.js', 'out/main/e2e-entry.js', 'bench/run-benchmarks.ts', 'e2e/issue-and-print.spec.ts', 'electron/main/index.test.ts', 'electron/gateway/testing/gateway-test-bench.ts', 'renderer/src/orders/testing/sample-order-rows.ts', 'out/main/index.js.map']) {
      expect(isPackaged(file), file).toBe(false);
    }
  });

  it('ships pdf-to-printer’s SumatraPDF on Windows, outside the asar archive', async () => {
    const dist = path.join(projectRoot, 'node_modules', 'pdf-to-printer', 'dist');
    const programs = (await readdir(dist)).filter((name) => name.endsWith('.exe'));
    expect(programs).toEqual([expect.stringMatching(/^SumatraPDF.*\.exe$/)]);
    const isUnpacked = createAsarUnpackFilter(config);
    for (const program of programs) {
      const file = `node_modules/pdf-to-printer/dist/${program}`;
      expect(createPackagedPathFilter(config, 'win')(file), file).toBe(true);
      expect(isUnpacked(file), file).toBe(true);
    }
    expect(isUnpacked('node_modules/pdf-to-printer/dist/bundle.js')).toBe(false);
  });

  it('ships each platform only its own better-sqlite3 binaries', () => {
    const prebuilds = ['darwin-arm64', 'darwin-x64', 'linux-arm64', 'linux-x64', 'linuxmusl-arm64', 'linuxmusl-x64', 'win32-arm64', 'win32-x64'];
    const shippedBy = (platform: PackagedPlatform): string[] => {
      const isPackaged = createPackagedPathFilter(config, platform);
      return prebuilds.filter((name) => isPackaged(`node_modules/better-sqlite3/prebuilds/${name}.node`));
    };

    expect(shippedBy('win')).toEqual(['win32-arm64', 'win32-x64']);
    expect(shippedBy('mac')).toEqual(['darwin-arm64', 'darwin-x64']);
    expect(shippedBy('linux')).toEqual(['linux-arm64', 'linux-x64', 'linuxmusl-arm64', 'linuxmusl-x64']);
  });
});

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which always comes first after the signature. */
function pngSize(data: Buffer): { width: number; height: number } {
  if (!data.subarray(0, 8).equals(pngSignature) || data.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/**
 * The images in a Windows .ico, as declared by its directory (a width/height byte of 0 means 256)
 * and as found in the image data: a PNG, or a BMP info header whose height counts the AND mask too.
 */
function icoImages(data: Buffer): { declared: number; width: number; height: number; bitsPerPixel: number }[] {
  if (data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('not an icon file');
  return Array.from({ length: data.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + index * 16;
    const declared = data.readUInt8(entry) || 256;
    if ((data.readUInt8(entry + 1) || 256) !== declared) throw new Error('icon image is not square');
    const image = data.subarray(data.readUInt32LE(entry + 12), data.readUInt32LE(entry + 12) + data.readUInt32LE(entry + 8));
    const size = image.subarray(0, 8).equals(pngSignature)
      ? pngSize(image)
      : { width: image.readInt32LE(4), height: image.readInt32LE(8) / 2 };
    return { declared, ...size, bitsPerPixel: data.readUInt16LE(entry + 6) };
  });
}

/** The elements of a macOS .icns by type code; the header's total length must match the file. */
function icnsElements(data: Buffer): Map<string, Buffer> {
  if (data.toString('latin1', 0, 4) !== 'icns' || data.readUInt32BE(4) !== data.length) throw new Error('not an icns file');
  const elements = new Map<string, Buffer>();
  for (let offset = 8; offset < data.length; offset += data.readUInt32BE(offset + 4)) {
    const length = data.readUInt32BE(offset + 4);
    if (length < 8 || offset + length > data.length) throw new Error(`broken icns element at ${offset}`);
    elements.set(data.toString('latin1', offset, offset + 4), data.subarray(offset + 8, offset + length));
  }
  return elements;
}

describe('icons', () => {
  it('every icon and entitlements file the config names exists', async () => {
    const referenced = [config.win?.icon, config.mac?.icon, config.linux?.icon, config.mac?.entitlements, config.mac?.entitlementsInherit];
    expect(referenced).toEqual(['assets/icon.ico', 'assets/icon.icns', 'assets/icons', 'assets/entitlements.mac.plist', 'assets/entitlements.mac.plist']);
    for (const file of referenced) await access(fromProject(file));
  });

  it('icon.png is 1024×1024', async () => {
    expect(pngSize(await readFile(path.join(projectRoot, 'assets/icon.png')))).toEqual({ width: 1024, height: 1024 });
  });

  it('the Linux folder has one PNG per size, each of its size', async () => {
    const folder = fromProject(config.linux?.icon);
    const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
    expect((await readdir(folder)).sort()).toEqual(sizes.map((size) => `${size}x${size}.png`).sort());
    for (const size of sizes) {
      expect(pngSize(await readFile(path.join(folder, `${size}x${size}.png`)))).toEqual({ width: size, height: size });
    }
  });

  it('the .ico holds 16 to 256 px, 32-bit, each image the size its entry declares', async () => {
    const images = icoImages(await readFile(fromProject(config.win?.icon)));
    expect(images.map((image) => image.declared)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    for (const image of images) {
      expect(image).toEqual({ declared: image.declared, width: image.declared, height: image.declared, bitsPerPixel: 32 });
    }
  });

  it('the .icns holds 16 to 1024 px including the Retina (@2x) types', async () => {
    const elements = icnsElements(await readFile(fromProject(config.mac?.icon)));
    // Classic types with their 8-bit masks, whose length gives the size (one byte per pixel).
    const masks = { s8mk: 16, l8mk: 32, h8mk: 48, t8mk: 128 };
    for (const [image, mask] of [['is32', 's8mk'], ['il32', 'l8mk'], ['ih32', 'h8mk'], ['it32', 't8mk']] as const) {
      expect(elements.has(image), image).toBe(true);
      expect(elements.get(mask)?.length, mask).toBe(masks[mask] ** 2);
    }
    // PNG types: 256, 512 and 1024 (512@2x), and 16@2x, 32@2x, 128@2x, 256@2x.
    const pngTypes = { ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic12: 64, ic13: 256, ic14: 512 };
    for (const [type, size] of Object.entries(pngTypes)) {
      const element = elements.get(type);
      if (element === undefined) throw new Error(`${type} missing`);
      expect(pngSize(element), type).toEqual({ width: size, height: size });
    }
  });
});
