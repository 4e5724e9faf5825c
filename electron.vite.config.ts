import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { thirdPartyLicencesPlugins } from './electron/about/third-party-licences';
import { rendererNoncePlaceholder } from './electron/renderer-serving/renderer-csp';

/** The licence list shipped with the app (About → third-party licences), written by the renderer build. */
const licences = thirdPartyLicencesPlugins({
  projectRoot: import.meta.dirname,
  // The runtime every installer carries (its Chromium notices ship beside it as LICENSES.chromium.html).
  alsoPackages: ['electron'],
  extras: [
    { name: 'Droid Sans Fallback', version: '6.0.1r16', license: 'Apache-2.0', file: 'assets/fonts/droid-sans-fallback-full.LICENSE.txt' },
    { name: 'Liberation Sans', version: '2.1.5', license: 'OFL-1.1', file: 'assets/fonts/liberation-sans.LICENSE.txt' },
  ],
});

/**
 * Builds the three Electron targets into `out/`: main (ESM, Node 22; the app's entry and the test
 * entry), preload (CommonJS, as a sandboxed preload must be) and the React renderer. The browser
 * host serves `out/renderer`.
 */
export default defineConfig({
  main: {
    plugins: [licences.collect()],
    build: {
      outDir: 'out/main',
      // The app's entry, and the test entry that e2e launches through _electron (electron-builder.yml
      // leaves it out of the package). The code both run lands in a shared chunk right beside them:
      // the main code finds the package, fonts and renderer two levels up from out/main.
      rolldownOptions: {
        input: {
          index: resolve(import.meta.dirname, 'electron/main/index.ts'),
          'e2e-entry': resolve(import.meta.dirname, 'electron/main/e2e-entry.ts'),
        },
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    plugins: [licences.collect()],
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    base: './',
    plugins: [react(), licences.emit()],
    // Every script/style tag gets a nonce placeholder that the shells fill per page load.
    html: { cspNonce: rendererNoncePlaceholder },
    build: {
      outDir: 'out/renderer',
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'renderer/index.html') },
        // Lazy screens (the audit log) split the bundle: modules still run in import order across
        // chunks, so zod is told to go without eval (main.tsx's first import) before anything parses.
        output: { strictExecutionOrder: true },
      },
    },
  },
});
