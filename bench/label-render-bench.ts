import { pathToFileURL } from 'node:url';
import type { LabelInput, LabelSize } from '../electron/labels/label-input';
import { createLabelRenderer } from '../electron/labels/label-renderer';
import { SAMPLE_LABEL_INPUTS } from '../electron/labels/sample-labels';
import { meetsGoal } from './benchmark';
import type { Benchmark, BenchmarkFigure } from './benchmark';

/** What rendering a run of labels cost. */
export interface LabelRenderMeasurement {
  labels: number;
  /** Mean PDF render time per label after warm-up, in milliseconds. */
  msPerLabel: number;
  /** 95th percentile of the per-label times, in milliseconds. */
  p95Ms: number;
  /** Highest resident set size seen while rendering, in MiB. */
  peakRssMiB: number;
  /** Highest V8 heap in use seen while rendering (garbage included), in MiB. */
  peakHeapMiB: number;
  /** Mean PDF size, in KiB. */
  meanPdfKiB: number;
}

/** The render-time goal per label, in milliseconds (issue 7). */
export const LABEL_RENDER_GOAL_MS = 20;

const warmUpLabels = 30;
const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** A distinct label per index: the samples in turn, each with its own waybill number. */
function labelInput(index: number): LabelInput {
  const base = SAMPLE_LABEL_INPUTS[index % SAMPLE_LABEL_INPUTS.length] as LabelInput;
  const code = base.data.waybillCode;
  const suffix = String(index).padStart(6, '0');
  return { ...base, data: { ...base.data, waybillCode: code.slice(0, code.length - suffix.length) + suffix } };
}

/**
 * Renders `labels` labels to PDF one after another, as a print queue does, after a warm-up that
 * loads the fonts; measures time per label and the memory high-water marks.
 */
export async function measureLabelRendering(size: LabelSize, labels = 1000): Promise<LabelRenderMeasurement> {
  const renderer = createLabelRenderer();
  for (let index = 0; index < warmUpLabels; index += 1) await renderer.renderPdf(labelInput(index), size);

  const times: number[] = [];
  let bytes = 0;
  let peakRss = 0;
  let peakHeap = 0;
  for (let index = 0; index < labels; index += 1) {
    const input = labelInput(warmUpLabels + index);
    const started = performance.now();
    const pdf = await renderer.renderPdf(input, size);
    times.push(performance.now() - started);
    bytes += pdf.byteLength;
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const mebibyte = 1024 * 1024;
  return {
    labels,
    msPerLabel: times.reduce((sum, time) => sum + time, 0) / labels,
    p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
    peakRssMiB: peakRss / mebibyte,
    peakHeapMiB: peakHeap / mebibyte,
    meanPdfKiB: bytes / labels / 1024,
  };
}

function labelRenderBenchmark(size: LabelSize): Benchmark {
  return {
    name: `labels: render 1,000 ${size} labels`,
    description:
      'PDF labels (layout, vector Code128, subset TrueType CJK font) rendered one after another after a 30-label warm-up.',
    async run(): Promise<BenchmarkFigure[]> {
      const measured = await measureLabelRendering(size);
      return [
        {
          name: 'render time per label',
          value: round(measured.msPerLabel),
          unit: 'ms',
          goal: { comparison: 'at-most', value: LABEL_RENDER_GOAL_MS, basis: 'issue 7: under 20 ms per label' },
        },
        { name: 'p95 render time', value: round(measured.p95Ms), unit: 'ms', goal: null },
        { name: 'peak RSS', value: round(measured.peakRssMiB, 0), unit: 'MiB', goal: null },
        { name: 'peak V8 heap', value: round(measured.peakHeapMiB, 0), unit: 'MiB', goal: null },
        { name: 'mean PDF size', value: round(measured.meanPdfKiB, 1), unit: 'KiB', goal: null },
      ];
    },
  };
}

/** The label benchmarks, one per label size, for the benchmark runner's list. */
export const labelRenderBenchmarks: readonly Benchmark[] = [labelRenderBenchmark('76x130'), labelRenderBenchmark('100x180')];

// Run alone: `npx tsx bench/label-render-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const benchmark of labelRenderBenchmarks) {
    console.log(benchmark.name);
    for (const figure of await benchmark.run()) {
      const verdict = meetsGoal(figure);
      console.log(`  ${verdict === null ? ' ' : verdict ? '✓' : '✗'} ${figure.name}: ${figure.value} ${figure.unit}`);
    }
  }
}
