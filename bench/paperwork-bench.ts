import type { SlipSize } from '../shared/domain/paperwork';
import { createPaperworkRenderer } from '../electron/paperwork/paperwork-renderer';
import type { PackingSlip } from '../electron/paperwork/packing-slip-layout';
import { aggregatePicking } from '../electron/paperwork/picking-list';
import { sampleSoldOrders } from '../electron/paperwork/sample-sold-orders';
import type { Benchmark, BenchmarkFigure } from './benchmark';

/** Packing-slip render time per page, in milliseconds (the paperwork issue's goal). */
export const SLIP_PAGE_GOAL_MS = 20;
/** Picking list of 1,000 orders, in milliseconds (the paperwork issue's goal). */
export const PICKING_LIST_GOAL_MS = 500;

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const printedAt = Date.UTC(2025, 5, 1, 6, 3);

/** Slips of single orders (as a job prints them), each with its own order and waybill number. */
function slips(count: number): PackingSlip[] {
  return sampleSoldOrders(count).map((order, index) => ({
    shopName: '小满百货旗舰店',
    orders: [{ ...order, remark: index % 3 === 0 ? '请周末送货，谢谢' : '', flag: index % 5 === 0 ? 1 : null, flagName: index % 5 === 0 ? '送小样' : null }],
    waybillCode: `7310${String(4567890000 + index)}`,
    carrierCode: 'ZTO',
    printedAt,
  }));
}

function slipBenchmark(size: SlipSize): Benchmark {
  return {
    name: `paperwork: packing slips (${size})`,
    description: 'Packing slips of 200 orders rendered as PDFs in batches of 10 (a job\'s slips as they follow their labels), after a warm-up; time per page.',
    async run(): Promise<BenchmarkFigure[]> {
      const renderer = createPaperworkRenderer();
      const all = slips(220);
      await renderer.packingSlips(all.slice(0, 20), size, 'zh-CN');
      let pages = 0;
      const started = performance.now();
      for (let first = 20; first < all.length; first += 10) pages += (await renderer.packingSlips(all.slice(first, first + 10), size, 'zh-CN')).pages;
      const msPerPage = (performance.now() - started) / pages;
      return [{ name: 'render time per page', value: round(msPerPage), unit: 'ms', goal: { comparison: 'at-most', value: SLIP_PAGE_GOAL_MS, basis: 'paperwork issue: ≤ 20 ms per page' } }];
    },
  };
}

const pickingListBenchmark: Benchmark = {
  name: 'paperwork: picking list of 1,000 orders',
  description: 'Goods of 1,000 orders gathered by name + spec and laid out on A4 pages as a PDF, after a warm-up.',
  async run(): Promise<BenchmarkFigure[]> {
    const renderer = createPaperworkRenderer();
    const orders = sampleSoldOrders(1000);
    const list = () => ({ lines: aggregatePicking(orders, 'name'), orders: orders.length, createdAt: printedAt, source: '' });
    await renderer.pickingList(list(), 'zh-CN');
    const times: number[] = [];
    let pages = 0;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      pages = (await renderer.pickingList(list(), 'zh-CN')).pages;
      times.push(performance.now() - started);
    }
    return [
      { name: 'aggregate and render (median of 5)', value: round(times.toSorted((a, b) => a - b)[2] ?? 0), unit: 'ms', goal: { comparison: 'at-most', value: PICKING_LIST_GOAL_MS, basis: 'paperwork issue: ≤ 500 ms for 1,000 orders' } },
      { name: 'pages', value: pages, unit: 'pages', goal: null },
    ];
  },
};

/** The paperwork benchmarks for the benchmark runner's list. */
export const paperworkBenchmarks: readonly Benchmark[] = [slipBenchmark('a4-half'), slipBenchmark('76x130'), pickingListBenchmark];
