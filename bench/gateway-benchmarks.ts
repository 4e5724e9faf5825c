import type { Result } from '../shared/result';
import { openGatewayTestBench } from '../electron/gateway/testing/gateway-test-bench';
import type { Benchmark, BenchmarkFigure } from './benchmark';

/** The gateway's latency the benchmarks run at. */
const latencyMs = 300;
/** The documented rate limit. */
const callsPerSecond = 10;

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** Fetch-all of 5,000 sold orders: 50 pages of 100, which 10 calls/s cannot do faster than 5.0 s. */
const fetchAllBenchmark: Benchmark = {
  name: 'gateway: fetch all 5,000 sold orders',
  description: `Pages of 100 through the account limiter against the sandbox at ${latencyMs} ms latency.`,
  async run() {
    const bench = await openGatewayTestBench({ sandbox: { orders: 5000, faults: { latencyMs } }, logLevel: 'info' });
    try {
      const client = bench.client({ timeoutMs: 10_000 });
      const started = performance.now();
      const result = await client.fetchAllSoldOrders();
      const seconds = (performance.now() - started) / 1000;
      if (!result.ok) throw new Error(`fetch failed: ${result.error.code}`);
      const bound = result.data.pagesFetched / callsPerSecond;
      const figures: BenchmarkFigure[] = [
        { name: 'wall time', value: round(seconds), unit: 's', goal: { comparison: 'at-most', value: round(bound * 1.1), basis: `within 10 % of the ${bound.toFixed(1)} s that 10 calls/s allow` } },
        { name: 'orders fetched', value: result.data.orders.length, unit: 'orders', goal: { comparison: 'at-least', value: 5000, basis: 'every order' } },
        { name: 'rate-limit violations', value: bench.sandbox.violations(), unit: 'calls', goal: { comparison: 'at-most', value: 0, basis: 'never over the limit' } },
      ];
      return figures;
    } finally {
      await bench.close();
    }
  },
};

/** 500 calls of every read kind at once: how close the limiter runs to 10 calls/s. */
const sustainedRateBenchmark: Benchmark = {
  name: 'gateway: sustained calls/s over 500 mixed calls',
  description: `500 concurrent calls (sold-order pages, subscription, network info, waybill queries; both priorities) at ${latencyMs} ms latency.`,
  async run() {
    const bench = await openGatewayTestBench({ sandbox: { orders: 1000, faults: { latencyMs } }, logLevel: 'info' });
    try {
      const client = bench.client({ timeoutMs: 10_000 });
      const call = (index: number): Promise<Result<unknown>> => {
        switch (index % 4) {
          case 0:
            return client.soldOrdersPage({ page: index % 10, pageSize: 100 }, { priority: 'bulk' });
          case 1:
            return client.subscription();
          case 2:
            return client.networkInfo({}, { priority: 'bulk' });
          default:
            return client.queryIssuedWaybills([`Q${index}`, `R${index}`]);
        }
      };
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: 500 }, (_, index) => call(index)));
      const seconds = (performance.now() - started) / 1000;
      const failed = results.filter((result) => !result.ok).length;
      return [
        { name: 'sustained rate', value: round(500 / seconds), unit: 'calls/s', goal: { comparison: 'at-least', value: 9.3, basis: '93 % of the 10 calls/s limit' } },
        { name: 'wall time', value: round(seconds), unit: 's', goal: null },
        { name: 'failed calls', value: failed, unit: 'calls', goal: { comparison: 'at-most', value: 0, basis: 'every call answered' } },
        { name: 'rate-limit violations', value: bench.sandbox.violations(), unit: 'calls', goal: { comparison: 'at-most', value: 0, basis: 'never over the limit' } },
      ];
    } finally {
      await bench.close();
    }
  },
};

/** The gateway client's benchmarks. */
export const gatewayBenchmarks: readonly Benchmark[] = [fetchAllBenchmark, sustainedRateBenchmark];
