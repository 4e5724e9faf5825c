import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The thin Electron glue: the only files that may import `electron`. Everything else is a plain
 * service that runs under Node (tests, browser host, benchmarks).
 */
const electronGlue = ['electron/main/**/*.ts', 'electron/preload/**/*.ts'];

/** The typed IPC wrappers: the only places that may touch ipcMain / ipcRenderer. */
const ipcWrappers = ['electron/main/ipc-main-bridge.ts', 'electron/preload/index.ts'];

/**
 * IPC handlers are built in one file per feature (`<feature>-ipc-handlers.ts`, typed by the helper
 * type's own file) and joined into the contract's handlers in the composition root only.
 */
const featureIpcHandlerFiles = ['electron/**/*-ipc-handlers.ts', 'electron/ipc/feature-ipc-handlers.ts'];
const compositionRoot = ['electron/composition/create-station.ts'];

const rawIpc = [
  { selector: "Identifier[name='ipcMain']", message: 'Register handlers through the typed IPC wrapper (electron/main/ipc-main-bridge.ts).' },
  { selector: "Identifier[name='ipcRenderer']", message: 'Use window.station, built from the typed IPC contract by the preload.' },
];
const featureHandlersBuilt = {
  selector: "TSTypeReference[typeName.name='FeatureIpcHandlers']",
  message: "Build a feature's IPC handlers in its own <feature>-ipc-handlers.ts.",
};
const handlersJoined = {
  selector: "CallExpression[callee.name='joinIpcHandlers']",
  message: "Only the composition root (electron/composition/create-station.ts) joins the features' IPC handlers.",
};

/**
 * Code that only tests run: test files, test kits and fixtures (kept in `testing/` folders),
 * benchmarks and end-to-end specs. Anything else is production code and never imports a test kit.
 * The converse (a file outside `testing/` that only tests use belongs in one) is kept by review
 * and by electron/dev/lint-boundaries.test.ts, which looks over the whole import graph.
 */
const testCode = ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/testing/**', 'bench/**', 'e2e/**'];

const electronOnlyInGlue = {
  name: 'electron',
  message: 'Only the thin Electron glue (electron/main, electron/preload) may import electron; services take their dependencies as arguments.',
};
const noTestKits = {
  regex: '(^|/)testing(/|$)',
  message: 'Test kits and fixtures (testing/ folders) are for tests, benchmarks and e2e specs; production code never imports them.',
};

export default tseslint.config(
  // `*.config.ts.<stamp>.mjs`: the bundled config a build (vite, electron-vite) writes beside its config while it runs —
  // lint and the build run side by side in npm test, and lint read one the build had just removed.
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'e2e-artifacts/**', '*.config.ts.*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronOnlyInGlue], patterns: [noTestKits] }],
      'no-restricted-syntax': ['error', ...rawIpc, featureHandlersBuilt, handlersJoined],
    },
  },
  {
    files: featureIpcHandlerFiles,
    rules: { 'no-restricted-syntax': ['error', ...rawIpc, handlersJoined] },
  },
  {
    files: compositionRoot,
    rules: { 'no-restricted-syntax': ['error', ...rawIpc, featureHandlersBuilt] },
  },
  {
    files: electronGlue,
    rules: { 'no-restricted-imports': ['error', { patterns: [noTestKits] }] },
  },
  {
    files: testCode,
    rules: { 'no-restricted-imports': ['error', { paths: [electronOnlyInGlue] }] },
  },
  {
    files: ipcWrappers,
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
