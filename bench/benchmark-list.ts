import type { Benchmark } from './benchmark';
import { gatewayBenchmarks } from './gateway-benchmarks';

/** Every benchmark `npm run bench` runs, in order. Later features append theirs. */
export const benchmarks: readonly Benchmark[] = [...gatewayBenchmarks];
