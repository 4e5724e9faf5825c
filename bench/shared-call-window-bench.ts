import { pathToFileURL } from 'node:url';
import { openSharedDatabase } from '../electron/store/postgres/open-shared-database';
import { createSharedCallWindow } from '../electron/several-desks/shared-call-window';
import { createSharedClaims } from '../electron/store/postgres/shared-claims';
import { joinSharedDesk } from '../electron/store/postgres/shared-desks';
import { migrateSharedSchema } from '../electron/store/postgres/shared-migrations';
import { startPostgresTestServer } from '../electron/store/postgres/testing/postgres-test-server';
import { meetsGoal } from './benchmark';
import type { Benchmark, BenchmarkFigure } from './benchmark';
import { missingPostgres } from './bench-machine';

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/**
 * What the shared mode's limiter adds to each gateway call: takes of the shared call window
 * against a local throwaway PostgreSQL with a limit so high that none waits, so the time per take
 * is the round trip and the reservation of a start alone; then the same for an issue call's
 * fenced take (its 10 orders' claims checked and their leases stretched in the same statement).
 */
export const sharedCallWindowBenchmark: Benchmark = {
  name: 'shared mode: limiter overhead per call (PostgreSQL round trip)',
  missing: missingPostgres,
  description: 'Shared call window takes that never wait, one after another, against PostgreSQL on 127.0.0.1 (a server of the tests’ own, Debian’s binaries).',
  async run(): Promise<BenchmarkFigure[]> {
    const server = await startPostgresTestServer();
    try {
      const connection = await server.freshDatabase();
      const pool = openSharedDatabase(connection, { deskName: 'bench' });
      try {
        await migrateSharedSchema(pool, 'bench');
        await pool.query('UPDATE bench.call_limit SET calls_per_window = 1000000');
        const desk = { pool, schema: 'bench', deskId: 'bench', bootId: 'bench-boot', connection };
        await joinSharedDesk(pool, desk.schema, { ...desk, name: 'bench' });
        const window = createSharedCallWindow(desk);
        // An issue call's fence: its 10 orders claimed by this process's job.
        const gateway = { baseUrl: 'https://gateway.example', shopId: 'shop-1' };
        const orderNumbers = Array.from({ length: 10 }, (_, index) => `T${index + 1}`);
        await createSharedClaims(desk).claim(gateway, 'job-1', orderNumbers, 600_000);
        const fence = { gateway, jobId: 'job-1', orderNumbers };
        const msPerTake = async (take: () => Promise<unknown>): Promise<number> => {
          for (let warm = 0; warm < 50; warm += 1) await take();
          const takes = 1000;
          const started = performance.now();
          for (let taken = 0; taken < takes; taken += 1) await take();
          return (performance.now() - started) / takes;
        };
        const plain = await msPerTake(() => window.take());
        const fenced = await msPerTake(() => window.take(undefined, fence));
        const goal = { comparison: 'at-most', value: 10, basis: 'a tenth of the 100 ms between calls at 10 calls/s' } as const;
        return [
          { name: 'limiter overhead per call (PostgreSQL round trip)', value: round(plain, 3), unit: 'ms', goal },
          { name: 'limiter overhead per issue call with its fence (10 orders checked, leases stretched)', value: round(fenced, 3), unit: 'ms', goal },
        ];
      } finally {
        await pool.end();
      }
    } finally {
      server.dispose();
    }
  },
};

// Run alone: `npx tsx bench/shared-call-window-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(sharedCallWindowBenchmark.name);
  for (const figure of await sharedCallWindowBenchmark.run()) {
    const verdict = meetsGoal(figure);
    console.log(`  ${verdict === null ? ' ' : verdict ? '✓' : '✗'} ${figure.name}: ${figure.value} ${figure.unit}`);
  }
}
