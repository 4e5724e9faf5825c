import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests under plain Node. Tests sit beside the code they test as
 * `*.test.ts`; Playwright's e2e specs (`e2e/`) are deliberately outside this include.
 */
export default defineConfig({
  test: {
    include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'out/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
