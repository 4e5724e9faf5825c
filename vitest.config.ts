import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests under plain Node. Tests sit beside the code they test as
 * `*.test.ts`; Playwright's e2e specs (`e2e/`) are deliberately outside this include.
 *
 * Tests that hold the account's 10 calls/s across several desk processes measure the gateway's
 * own sliding window, and the event-loop gauge measures its own process's loop: on a 2-core
 * machine, other test files starving them of CPU would make them prove the machine's load
 * instead of the station. They run after the rest, one file at a time. The files that start,
 * pause and kill desk processes wait on leases and gateway latency rather than the CPU: they run
 * before those, two at a time.
 */
const include = ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'];
const exclude = ['e2e/**', 'node_modules/**', 'out/**'];
const deskProcesses = [
  'electron/several-desks/desk-faults.test.ts',
  'electron/several-desks/desk-pause.test.ts',
  'electron/several-desks/desk-identity.test.ts',
  'electron/several-desks/operators-across-desks.test.ts',
];
const accountWindow = [
  'electron/several-desks/three-desks.test.ts',
  'electron/several-desks/shared-call-window.test.ts',
  'electron/several-desks/far-desk.test.ts',
  // It measures this process's own event loop: other files' work in parallel would be counted as its.
  'electron/gateway/event-loop-stalls.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Three test files at a time: most wait on sockets, child processes, SQLite files and timers,
    // not the CPU, so on a 2-core machine three keep both cores busy. (Vitest's default there is
    // one, cores less one, and a project of one worker with the default group order is run
    // last, after every numbered group: the several-desk files would then run first.)
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    projects: [
      { extends: true, test: { name: 'station', include, exclude: [...exclude, ...deskProcesses, ...accountWindow], sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'several desk processes', include: deskProcesses, exclude, maxWorkers: 2, sequence: { groupOrder: 1 } } },
      { extends: true, test: { name: 'the account window', include: accountWindow, exclude, fileParallelism: false, sequence: { groupOrder: 2 } } },
    ],
  },
});
