import type { Benchmark } from './benchmark';
import { gatewayBenchmarks } from './gateway-benchmarks';
import { labelRenderBenchmarks } from './label-render-bench';
import { printDispatchBenchmark } from './print-dispatch-bench';

/** Every benchmark `npm run bench` runs, in order. Later features append theirs. */
export const benchmarks: readonly Benchmark[] = [...gatewayBenchmarks, ...labelRenderBenchmarks, printDispatchBenchmark];
