import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * Builds the browser host (`electron/host/cli.ts`) into `out/host/index.js` for plain Node: `npm
 * run web` and the e2e specs start built code at once, where compiling the sources at every start
 * took seconds. Packages stay external (resolved from node_modules); the host finds the package
 * and the renderer two levels up from out/host, as the main code does from out/main.
 * electron-builder.yml keeps out/host out of the app.
 */
export default defineConfig({
  build: {
    ssr: resolve(import.meta.dirname, 'electron/host/cli.ts'),
    outDir: 'out/host',
    emptyOutDir: true,
    target: 'node22',
    // Chunks (the station, loaded once the flags are read) beside index.js: every module finds the package and the renderer two levels up.
    rolldownOptions: { output: { entryFileNames: 'index.js', chunkFileNames: '[name]-[hash].js', format: 'esm' } },
  },
});
