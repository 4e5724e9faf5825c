import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  collectThirdPartyNotices,
  packageRootOf,
  productionPackageRoots,
  readThirdPartyNotice,
  thirdPartyLicencesFileName,
  type ThirdPartyNotice,
} from './third-party-licences';

const projectRoot = resolve(import.meta.dirname, '..', '..');

describe('which package a bundled file belongs to', () => {
  it('takes the last node_modules segment, scoped or not; our own files and virtual modules belong to none', () => {
    const root = `${sep}app`;
    const at = (...parts: string[]) => [root, ...parts].join(sep);
    expect(packageRootOf(at('node_modules', 'antd', 'es', 'button', 'index.js'))).toBe(at('node_modules', 'antd'));
    expect(packageRootOf(at('node_modules', '@ant-design', 'icons', 'lib', 'index.js'))).toBe(at('node_modules', '@ant-design', 'icons'));
    expect(packageRootOf(at('node_modules', 'a', 'node_modules', 'b', 'x.js'))).toBe(at('node_modules', 'a', 'node_modules', 'b'));
    expect(packageRootOf('/app/node_modules/react/index.js'.split('/').join(sep))).toBe(at('node_modules', 'react'));
    expect(packageRootOf(at('renderer', 'src', 'main.tsx'))).toBeNull();
    expect(packageRootOf('\0vite/preload-helper')).toBeNull();
  });
});

describe('licences of a project tree', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'station-licences-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  /** Writes a package (its package.json and any files) into the fake tree. */
  function writePackage(dir: string, manifest: object, files: Record<string, string> = {}) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  }

  it('follows dependencies as Node resolves them, nested copies included, dev dependencies left out', () => {
    writePackage(folder, { name: 'app', dependencies: { a: '1', b: '1' }, optionalDependencies: { missing: '1' }, devDependencies: { tool: '1' } });
    writePackage(join(folder, 'node_modules', 'a'), { name: 'a', version: '1.0.0', license: 'MIT', dependencies: { c: '2' } }, { LICENSE: 'MIT text of a' });
    writePackage(join(folder, 'node_modules', 'a', 'node_modules', 'c'), { name: 'c', version: '2.0.0', license: 'ISC' });
    writePackage(join(folder, 'node_modules', 'b'), { name: 'b', version: '1.0.0', license: { type: 'BSD-2-Clause' }, dependencies: { c: '1' } });
    writePackage(join(folder, 'node_modules', 'c'), { name: 'c', version: '1.0.0', licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }] }, { 'LICENSE-MIT': 'mit', NOTICE: 'notice' });
    writePackage(join(folder, 'node_modules', 'tool'), { name: 'tool', version: '9.0.0', license: 'MIT' });

    const roots = productionPackageRoots(folder);
    expect(roots).toEqual([
      join(folder, 'node_modules', 'a'),
      join(folder, 'node_modules', 'a', 'node_modules', 'c'),
      join(folder, 'node_modules', 'b'),
      join(folder, 'node_modules', 'c'),
    ]);

    const notices = collectThirdPartyNotices(roots, [], folder);
    expect(notices.map(({ name, version, license, text }) => ({ name, version, license, text }))).toEqual([
      { name: 'a', version: '1.0.0', license: 'MIT', text: 'MIT text of a' },
      { name: 'b', version: '1.0.0', license: 'BSD-2-Clause', text: null },
      { name: 'c', version: '1.0.0', license: '(MIT OR Apache-2.0)', text: 'mit\n\nnotice' },
      { name: 'c', version: '2.0.0', license: 'ISC', text: null },
    ]);
  });

  it('says which dependency is missing instead of shipping an incomplete list', () => {
    writePackage(folder, { name: 'app', dependencies: { gone: '1' } });
    expect(() => productionPackageRoots(folder)).toThrow(/gone, a dependency of app, is not installed/);
  });

  it('adds works that are not packages (fonts) with their licence file, once per name and version', () => {
    writePackage(join(folder, 'node_modules', 'x'), { name: 'x', version: '1.0.0', license: 'MIT', repository: { url: 'git+https://example.com/x.git' } });
    writeFileSync(join(folder, 'font.LICENSE.txt'), 'SIL Open Font License\n');
    const notices = collectThirdPartyNotices(
      [join(folder, 'node_modules', 'x'), join(folder, 'node_modules', 'x')],
      [{ name: 'Some Font', version: '2.0', license: 'OFL-1.1', file: 'font.LICENSE.txt' }],
      folder,
    );
    expect(notices).toEqual([
      { name: 'Some Font', version: '2.0', license: 'OFL-1.1', repository: null, text: 'SIL Open Font License' },
      { name: 'x', version: '1.0.0', license: 'MIT', repository: 'https://example.com/x.git', text: null },
    ]);
    expect(readThirdPartyNotice(join(folder, 'node_modules', 'x')).repository).toBe('https://example.com/x.git');
  });
});

describe('the licence list the build writes (out/renderer)', () => {
  const file = join(projectRoot, 'out', 'renderer', thirdPartyLicencesFileName);

  it('exists after `npm run build`', () => {
    expect(existsSync(file), `${file} is missing: run "npm run build" first`).toBe(true);
  });

  it('names every production dependency, the bundled UI libraries, Electron and the fonts, and no build tool', () => {
    const notices = JSON.parse(readFileSync(file, 'utf8')) as ThirdPartyNotice[];
    const names = new Set(notices.map((notice) => notice.name));
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies)) expect(names.has(name), name).toBe(true);
    for (const name of ['react', 'react-dom', 'antd', 'i18next', 'zustand', 'electron', 'Droid Sans Fallback', 'Liberation Sans']) expect(names.has(name), name).toBe(true);
    for (const name of ['vitest', 'eslint', 'typescript', 'electron-builder', 'vite', '@playwright/test', '@doyensec/electronegativity']) expect(names.has(name), name).toBe(false);
    // Each entry says under which licence it comes: declared, or in the text it ships.
    for (const notice of notices) expect(notice.license !== 'UNKNOWN' || notice.text !== null, notice.name).toBe(true);
  });
});
