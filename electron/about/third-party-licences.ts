import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Plugin } from 'vite';

/** One piece of third-party software the app ships, with its licence. */
export interface ThirdPartyNotice {
  name: string;
  version: string;
  /** The SPDX expression the package declares (or the legacy field's type), `UNKNOWN` when it declares none. */
  license: string;
  /** Where its source lives, when the package says. */
  repository: string | null;
  /** The licence and notice files' text, as the package ships them; null when it ships none. */
  text: string | null;
}

/** A shipped work that is not an npm package (the label fonts), with the file that holds its licence. */
export interface ExtraNotice {
  name: string;
  version: string;
  license: string;
  /** The licence file, relative to the project root. */
  file: string;
}

/** The licence list the About view shows: the file name it is served under, inside `out/renderer`. */
export const thirdPartyLicencesFileName = 'third-party-licences.json';

interface PackageJson {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  repository?: string | { url?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readPackageJson = (dir: string): PackageJson => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** Licence and notice files: LICENSE, LICENCE.md, LICENSE-MIT, COPYING, NOTICE.txt … */
const licenceFilePattern = /^(?:licen[cs]e|copying|notice)(?:[-._].*)?$/i;

/**
 * The folder of the npm package a file belongs to (the part up to its last `node_modules/<name>`
 * or `node_modules/@scope/name`), or null for the project's own files and virtual modules.
 */
export function packageRootOf(file: string): string | null {
  const normalized = file.split(/[\\/]/).join(sep);
  const marker = `${sep}node_modules${sep}`;
  const at = normalized.lastIndexOf(marker);
  if (at < 0 || normalized.startsWith('\0')) return null;
  const rest = normalized.slice(at + marker.length).split(sep);
  const nameParts = rest[0]?.startsWith('@') ? rest.slice(0, 2) : rest.slice(0, 1);
  if (nameParts.length === 0 || nameParts.some((part) => part === '')) return null;
  return normalized.slice(0, at + marker.length) + nameParts.join(sep);
}

/** Finds a dependency the way Node does: in the package's own node_modules, then in each folder above. */
function resolvePackage(fromDir: string, name: string, stopAt: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === stopAt || dirname(dir) === dir) return null;
  }
}

/**
 * The folders of every package the installers ship in node_modules: the project's
 * `dependencies` and everything they depend on (optional dependencies where installed), as
 * electron-builder collects them.
 */
export function productionPackageRoots(projectRoot: string): string[] {
  const found = new Set<string>();
  const visit = (dir: string) => {
    const manifest = readPackageJson(dir);
    const required = Object.keys(manifest.dependencies ?? {});
    const optional = Object.keys(manifest.optionalDependencies ?? {});
    for (const name of [...required, ...optional]) {
      const root = resolvePackage(dir, name, projectRoot);
      if (root === null) {
        if (optional.includes(name)) continue;
        throw new Error(`${name}, a dependency of ${manifest.name ?? dir}, is not installed`);
      }
      if (found.has(root)) continue;
      found.add(root);
      visit(root);
    }
  };
  visit(projectRoot);
  return [...found].sort();
}

function licenseOf(manifest: PackageJson): string {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  const legacy = (manifest.licenses ?? []).map((entry) => entry.type).filter(Boolean);
  return legacy.length > 0 ? `(${legacy.join(' OR ')})` : 'UNKNOWN';
}

function repositoryOf(manifest: PackageJson): string | null {
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return repository ? repository.replace(/^git\+/, '') : null;
}

/** Reads one package's name, version, declared licence and licence files. */
export function readThirdPartyNotice(packageRoot: string): ThirdPartyNotice {
  const manifest = readPackageJson(packageRoot);
  const files = readdirSync(packageRoot)
    .filter((name) => licenceFilePattern.test(name) && statSync(join(packageRoot, name)).isFile())
    .sort();
  const text = files.map((name) => readFileSync(join(packageRoot, name), 'utf8').trim()).join('\n\n');
  return {
    name: manifest.name ?? packageRoot.split(sep).slice(-1)[0] ?? packageRoot,
    version: manifest.version ?? '0.0.0',
    license: licenseOf(manifest),
    repository: repositoryOf(manifest),
    text: text === '' ? null : text,
  };
}

/** The notices of these packages and extra works, one per name and version, sorted by name. */
export function collectThirdPartyNotices(packageRoots: Iterable<string>, extras: readonly ExtraNotice[], projectRoot: string): ThirdPartyNotice[] {
  const byKey = new Map<string, ThirdPartyNotice>();
  for (const root of packageRoots) {
    const notice = readThirdPartyNotice(root);
    byKey.set(`${notice.name}@${notice.version}`, notice);
  }
  for (const extra of extras) {
    byKey.set(`${extra.name}@${extra.version}`, {
      name: extra.name,
      version: extra.version,
      license: extra.license,
      repository: null,
      text: readFileSync(join(projectRoot, extra.file), 'utf8').trim(),
    });
  }
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** What the build plugins are told. */
export interface ThirdPartyLicencesOptions {
  projectRoot: string;
  /** Packages shipped although no bundle imports them (the Electron runtime itself). */
  alsoPackages: readonly string[];
  extras: readonly ExtraNotice[];
}

/**
 * Build plugins that write the licence list the app ships: `collect()` goes into the main and
 * preload builds and records the npm packages bundled into them; `emit()` goes into the renderer
 * build (electron-vite builds main, preload, then renderer, in one process) and writes
 * `third-party-licences.json` beside the page, covering the packages bundled into any of the
 * three, every production dependency shipped in node_modules, and the extras.
 */
export function thirdPartyLicencesPlugins(options: ThirdPartyLicencesOptions): { collect: () => Plugin; emit: () => Plugin } {
  const bundled = new Set<string>();
  const recordBundled = (bundle: Record<string, { type: string; moduleIds?: string[] }>) => {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      for (const id of output.moduleIds ?? []) {
        const root = packageRootOf(id);
        if (root !== null) bundled.add(root);
      }
    }
  };
  return {
    collect: () => ({
      name: 'station:collect-bundled-packages',
      apply: 'build',
      generateBundle(_options, bundle) {
        recordBundled(bundle);
      },
    }),
    emit: () => ({
      name: 'station:third-party-licences',
      apply: 'build',
      generateBundle(_options, bundle) {
        recordBundled(bundle);
        const shipped = options.alsoPackages.map((name) => {
          const root = resolvePackage(options.projectRoot, name, options.projectRoot);
          if (root === null) throw new Error(`${name} is not installed`);
          return root;
        });
        const notices = collectThirdPartyNotices([...bundled, ...productionPackageRoots(options.projectRoot), ...shipped], options.extras, options.projectRoot);
        this.emitFile({ type: 'asset', fileName: thirdPartyLicencesFileName, source: `${JSON.stringify(notices)}\n` });
      },
    }),
  };
}
