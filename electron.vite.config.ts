import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { rendererNoncePlaceholder } from './electron/renderer-serving/renderer-csp';

/**
 * Builds the three Electron targets into `out/`: main (ESM, Node 22), preload (CommonJS, as a
 * sandboxed preload must be) and the React renderer. The browser host serves `out/renderer`.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
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
    plugins: [react()],
    // Every script/style tag gets a nonce placeholder that the shells fill per page load.
    html: { cspNonce: rendererNoncePlaceholder },
    build: {
      outDir: 'out/renderer',
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'renderer/index.html') } },
    },
  },
});
