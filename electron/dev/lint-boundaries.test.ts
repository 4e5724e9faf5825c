import { ESLint } from 'eslint';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: projectRoot });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(projectRoot, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint boundaries', () => {
  it('forbids importing electron outside the thin glue', async () => {
    const code = "import { app } from 'electron';\nexport const name = app.getName();\n";
    expect(await ruleIdsFor(code, 'electron/gateway/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'renderer/src/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'electron/main/example.ts')).not.toContain('no-restricted-imports');
  });

  it('forbids raw ipcMain and ipcRenderer outside the IPC wrappers', async () => {
    const main = "import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n";
    const preload = "import { ipcRenderer } from 'electron';\nexport const call = () => ipcRenderer.invoke('x');\n";
    expect(await ruleIdsFor(main, 'electron/main/some-feature.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(preload, 'electron/preload/helper.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(main, 'electron/main/ipc-main-bridge.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor(preload, 'electron/preload/index.ts')).not.toContain('no-restricted-syntax');
  });

  it('builds IPC handlers only in the features\' *-ipc-handlers.ts files, joined only in the composition root', async () => {
    const feature = "import type { FeatureIpcHandlers } from '../ipc/feature-ipc-handlers';\nexport const ordersIpcHandlers = (): FeatureIpcHandlers<'orders'> => ({}) as never;\n";
    const joined = "import { joinIpcHandlers } from '../ipc/feature-ipc-handlers';\nexport const handlers = joinIpcHandlers();\n";
    expect(await ruleIdsFor(feature, 'electron/order-cache/orders-ipc-handlers.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor(feature, 'electron/order-cache/order-cache.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(feature, 'electron/composition/create-station.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(joined, 'electron/composition/create-station.ts')).not.toContain('no-restricted-syntax');
    expect(await ruleIdsFor(joined, 'electron/order-cache/orders-ipc-handlers.ts')).toContain('no-restricted-syntax');
    expect(await ruleIdsFor(joined, 'electron/host/station-host.ts')).toContain('no-restricted-syntax');
  });

  it('forbids production code to import a test kit (a testing/ folder); tests, kits, benchmarks and e2e specs may', async () => {
    const code = "import { openGatewayTestBench } from '../gateway/testing/gateway-test-bench';\nexport const open = openGatewayTestBench;\n";
    expect(await ruleIdsFor(code, 'electron/issuing/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'electron/main/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'renderer/src/example.ts')).toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'electron/issuing/example.test.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'electron/issuing/testing/example-kit.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'bench/example-bench.ts')).not.toContain('no-restricted-imports');
    expect(await ruleIdsFor(code, 'e2e/example.spec.ts')).not.toContain('no-restricted-imports');
  });
});

/** Folders whose files are production code unless they are tests or sit in a testing/ folder. */
const productionFolders = ['electron', 'shared', 'renderer'];
/** Folders of code that only tests and benchmarks run. */
const testFolders = ['bench', 'e2e'];
/** The build and test configurations at the project root (electron.vite.config.ts imports build plugins). */
const rootFiles = readdirSync(projectRoot).filter((name) => /\.ts$/.test(name));

const isTestCode = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || file.split('/').includes('testing') || testFolders.some((folder) => file.startsWith(`${folder}/`));

/** The project's TypeScript files under `folder`, relative to the project root with forward slashes. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(projectRoot, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `${folder}/${name.split('\\').join('/')}`);
}

/** The project files a file imports by relative path (static, type-only and dynamic imports). */
function relativeImports(file: string): string[] {
  const text = readFileSync(join(projectRoot, file), 'utf8');
  const targets: string[] = [];
  for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const base = join(dirname(file), match[1] ?? '');
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(join(projectRoot, candidate)) && /\.tsx?$/.test(candidate));
    if (target) targets.push(relative(projectRoot, join(projectRoot, target)).split('\\').join('/'));
  }
  return targets;
}

describe('test code stays apart from production code', () => {
  const files = [...rootFiles, ...[...productionFolders, ...testFolders].flatMap(sourceFiles)];
  const importers = new Map<string, string[]>();
  for (const file of files) for (const target of relativeImports(file)) importers.set(target, [...(importers.get(target) ?? []), file]);
  const productionFiles = files.filter((file) => productionFolders.some((folder) => file.startsWith(`${folder}/`)) && !isTestCode(file));

  it('finds the import graph it checks', () => {
    expect(importers.get('electron/gateway/gateway-client.ts')).toContain('electron/composition/gateway-access.ts');
    expect(importers.get('electron/gateway/testing/gateway-test-bench.ts')).toContain('bench/gateway-benchmarks.ts');
  });

  it('no production file imports from a testing/ folder', () => {
    const offenders = productionFiles.flatMap((file) => relativeImports(file).filter(isTestCode).map((target) => `${file} imports ${target}`));
    expect(offenders).toEqual([]);
  });

  it('a file that only tests, kits, benchmarks or e2e specs import lives in a testing/ folder', () => {
    const testOnly = productionFiles.filter((file) => {
      const users = importers.get(file) ?? [];
      return users.length > 0 && users.every(isTestCode);
    });
    expect(testOnly).toEqual([]);
  });

  it('fixtures (files a test runs in a child process) live in a testing/ folder', () => {
    expect(productionFiles.filter((file) => /-fixture\.tsx?$/.test(file))).toEqual([]);
  });

  it('production files import each other without circles (types live where they are defined)', () => {
    const production = new Set(productionFiles);
    expect(importCircles(productionFiles, (file) => relativeImports(file).filter((target) => production.has(target)))).toEqual([]);
  });
});

/**
 * The floors of the main process, lowest first: a production file imports only from its own
 * floor or below (the repo's `shared/` is under all of them). Types that two floors need live on
 * the lower one (or in `shared/domain`); wiring of features to each other is the composition
 * root's. A folder not listed here must be placed before it is used.
 */
const floors: readonly (readonly string[])[] = [
  ['logging', 'events', 'ipc', 'http', 'data-folder', 'lifecycle', 'token-vault', 'window-state'],
  ['store'],
  ['gateway', 'printing', 'os-printing', 'labels', 'scale'],
  ['paperwork', 'demo'],
  ['issuing', 'order-cache', 'verification'],
  ['settings', 'several-desks', 'about', 'diagnostics', 'statistics', 'audit', 'operators'],
  ['composition'],
  ['main', 'host', 'preload', 'app-menu', 'security', 'packaging', 'renderer-serving', 'dev'],
];

/** A file's floor: 0 for the repo's shared/, the main process's folders by the table, undefined elsewhere. */
function floorOf(file: string): number | undefined {
  if (file.startsWith('shared/')) return 0;
  const [top, folder] = file.split('/');
  if (top !== 'electron' || folder === undefined) return undefined;
  const index = floors.findIndex((names) => names.includes(folder));
  return index < 0 ? undefined : index + 1;
}

describe('the main process imports downward only', () => {
  const files = [...productionFolders, ...testFolders].flatMap(sourceFiles).filter((file) => !isTestCode(file));
  const mainFiles = files.filter((file) => file.startsWith('electron/') || file.startsWith('shared/'));

  it('places every folder of the main process on a floor', () => {
    expect(mainFiles.filter((file) => floorOf(file) === undefined && file.split('/').length > 2)).toEqual([]);
  });

  it('has no production import from a higher floor', () => {
    const upward = mainFiles.flatMap((file) =>
      relativeImports(file)
        .filter((target) => !isTestCode(target) && (floorOf(target) ?? 0) > (floorOf(file) ?? 0))
        .map((target) => `${file} imports ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('sees an upward import where there is one', () => {
    expect(floorOf('electron/store/station-records.ts')).toBeLessThan(floorOf('electron/printing/print-component.ts') ?? 0);
    expect(floorOf('electron/several-desks/shared-station.ts')).toBeGreaterThan(floorOf('electron/issuing/order-claims.ts') ?? 0);
  });
});

/** The groups of files that import each other in a circle (strongly connected, more than one file), each sorted. */
function importCircles(files: readonly string[], importsOf: (file: string) => string[]): string[][] {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, order.size);
    lowest.set(file, order.get(file) ?? 0);
    stack.push(file);
    for (const target of importsOf(file)) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(target) ?? 0));
      } else if (stack.includes(target)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, order.get(target) ?? 0));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1) circles.push(group.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return circles;
}
