import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import type { Configuration, PlatformSpecificBuildOptions } from 'electron-builder';
import { parse } from 'yaml';

const requireFromHere = createRequire(import.meta.url);

/** The repository root (this file lives in electron/packaging/). */
export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** The packaging configuration that `npm run dist` hands to electron-builder. */
export const electronBuilderConfigFile = path.join(projectRoot, 'electron-builder.yml');

/** Reads and parses an electron-builder YAML configuration (by default the project's). */
export async function readElectronBuilderConfig(file = electronBuilderConfigFile): Promise<Configuration> {
  const parsed: unknown = parse(await readFile(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} does not hold a YAML mapping`);
  }
  return parsed as Configuration;
}

/** The outcome of checking a configuration against electron-builder's schema. */
export interface ConfigValidationResult {
  valid: boolean;
  /** Ajv's errors: `instancePath` is where (e.g. `/nsis`), `params` says what (e.g. `additionalProperty`). */
  errors: ErrorObject[];
}

/** Checks a parsed configuration; see {@link createElectronBuilderConfigValidator}. */
export type ElectronBuilderConfigValidator = (config: unknown) => ConfigValidationResult;

/**
 * Compiles the JSON schema that the installed electron-builder checks its configuration against
 * before every build (app-builder-lib/scheme.json). Ajv is set up as electron-builder sets it up
 * (all errors, strict mode off: the schema uses union types and non-standard keywords) except
 * type coercion, left off so that a wrongly typed value is reported instead of converted.
 */
export async function createElectronBuilderConfigValidator(): Promise<ElectronBuilderConfigValidator> {
  const schemaFile = requireFromHere.resolve('app-builder-lib/scheme.json');
  const schema: unknown = JSON.parse(await readFile(schemaFile, 'utf8'));
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema as object);
  return (config) => {
    const valid = validate(config);
    return { valid, errors: valid ? [] : [...(validate.errors ?? [])] };
  };
}

/** The platform sections of the configuration. */
export type PackagedPlatform = 'win' | 'mac' | 'linux';

/** Says whether a project path (relative, `/`-separated) ends up inside the packaged app. */
export type PackagedPathFilter = (relativePath: string) => boolean;

/** The parts of electron-builder's internal file matching that {@link createPackagedPathFilter} uses. */
interface ElectronBuilderFileMatcher {
  readonly from: string;
  createFilter(): (file: string, stat: { isDirectory(): boolean }) => boolean;
}
interface ElectronBuilderFileMatching {
  getMainFileMatchers(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: PlatformSpecificBuildOptions,
    platformPackager: { info: object },
    outDir: string,
    isElectronCompile: boolean,
  ): ElectronBuilderFileMatcher[];
  getNodeModuleFileMatcher(
    appDir: string,
    destination: string,
    macroExpander: (pattern: string) => string,
    platformOptions: PlatformSpecificBuildOptions,
    packager: object,
  ): ElectronBuilderFileMatcher;
}

/**
 * Decides, the way electron-builder does when it copies the app for one platform, whether a file
 * goes into the package. It runs electron-builder's own matchers, so the answer includes the
 * defaults electron-builder adds to the config's and the platform's `files` (package.json in,
 * buildResources and output folders out, lock files and other junk dropped). Those matchers are
 * internal (absent from its typings): this throws if an upgrade removes them. A path is kept only
 * if every folder above it is, as electron-builder does not walk into a folder it filtered out.
 *
 * For `node_modules/...` paths only the patterns are decided; which packages are production
 * dependencies, and the fixed lists of names electron-builder drops from modules (READMEs, test
 * folders, ...), are applied when it walks the real tree. `files` entries that map a folder
 * elsewhere (`from`/`to`) are not supported and make this throw.
 */
export function createPackagedPathFilter(
  config: Configuration,
  platform: PackagedPlatform,
  projectDir = projectRoot,
): PackagedPathFilter {
  const matching = requireFromHere('app-builder-lib/out/fileMatcher.js') as Partial<ElectronBuilderFileMatching>;
  if (typeof matching.getMainFileMatchers !== 'function' || typeof matching.getNodeModuleFileMatcher !== 'function') {
    throw new Error('this electron-builder no longer exposes getMainFileMatchers / getNodeModuleFileMatcher');
  }
  const platformOptions = config[platform] ?? {};
  const info = {
    projectDir,
    buildResourcesDir: path.resolve(projectDir, config.directories?.buildResources ?? 'build'),
    isPrepackedAppAsar: false,
    config,
    debugLogger: { isEnabled: false },
  };
  const keepMacros = (pattern: string): string => pattern;
  const outDir = path.resolve(projectDir, config.directories?.output ?? 'dist');
  const mainMatchers = matching.getMainFileMatchers(projectDir, projectDir, keepMacros, platformOptions, { info }, outDir, false);
  if (mainMatchers.length !== 1 || mainMatchers[0]?.from !== projectDir) {
    throw new Error('files entries with from/to mappings are not supported by createPackagedPathFilter');
  }
  const appFiles = mainMatchers[0].createFilter();
  const moduleFiles = matching.getNodeModuleFileMatcher(projectDir, projectDir, keepMacros, platformOptions, info).createFilter();

  return (relativePath) => {
    const segments = relativePath.split('/');
    const inNodeModules = segments[0] === 'node_modules';
    const filter = inNodeModules ? moduleFiles : appFiles;
    // node_modules and a package's own folder are chosen by dependency, not by pattern: the
    // patterns start to count below the package folder.
    const firstChecked = inNodeModules ? (segments[1]?.startsWith('@') ? 4 : 3) : 1;
    for (let depth = firstChecked; depth <= segments.length; depth++) {
      const isDirectory = depth < segments.length;
      const file = path.join(projectDir, ...segments.slice(0, depth));
      if (!filter(file, { isDirectory: () => isDirectory })) return false;
    }
    return true;
  };
}
