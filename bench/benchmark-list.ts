import type { Benchmark } from './benchmark';
import { bigShopBenchmark } from './big-shop-bench';
import { gatewayBenchmarks } from './gateway-benchmarks';
import { issueAndPrintBenchmark, multiShopIssueAndPrintBenchmark } from './issue-and-print-bench';
import { labelRenderBenchmarks } from './label-render-bench';
import { ordersTableBenchmark } from './orders-table-bench';
import { paperworkBenchmarks } from './paperwork-bench';
import { printDispatchBenchmark } from './print-dispatch-bench';
import { printerHeaderBenchmark } from './printer-header-bench';
import { scanToPrintBenchmark } from './scan-to-print-bench';
import { sharedCallWindowBenchmark } from './shared-call-window-bench';
import { sharedDesksBenchmark } from './shared-desks-bench';
import { startUpBenchmark } from './start-up-bench';
import { statisticsBenchmark } from './statistics-bench';

/** Every benchmark `npm run bench` runs, in order. Later features append theirs. */
export const benchmarks: readonly Benchmark[] = [
  ...gatewayBenchmarks,
  ...labelRenderBenchmarks,
  ...paperworkBenchmarks,
  printDispatchBenchmark,
  printerHeaderBenchmark,
  issueAndPrintBenchmark,
  multiShopIssueAndPrintBenchmark,
  ordersTableBenchmark,
  scanToPrintBenchmark,
  startUpBenchmark,
  bigShopBenchmark,
  sharedCallWindowBenchmark,
  sharedDesksBenchmark,
  statisticsBenchmark,
];
