import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SANDBOX_DEFAULTS } from '../electron/demo/sandbox/index';
import type { SandboxCall } from '../electron/demo/sandbox/index';
import type { ShopOrderRef } from '../shared/domain/shop-order';
import { openSandboxStation } from '../electron/issuing/testing/issuing-station-parts';
import { demoPlanRequest, issuableOrders } from '../electron/issuing/testing/issuing-test-kit';
import { setTimeout as delay } from 'node:timers/promises';
import { callWindowDefaults } from '../electron/gateway/call-window';
import { meetsGoal } from './benchmark';
import type { Benchmark, BenchmarkFigure } from './benchmark';

/** The gateway's latency the benchmark runs at. */
const latencyMs = 300;
/** Orders issued and printed. */
const orders = 1000;
/** 10 entries per call at 10 calls/s: the bound of issuing throughput. */
const boundOrdersPerSecond = 100;

const projectRoot = resolve(import.meta.dirname, '..');

/** A demo server (sandbox or emulator) in a process of its own, as on a desk: the gateway is remote, the print component another program. */
interface ServerProcess {
  address: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts one of the demo CLIs and waits for the line naming its address. */
async function startServerProcess(script: string, args: string[], listening: RegExp): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, script), ...args], { cwd: projectRoot, stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const closed = new Promise<void>((done) => child.once('close', () => done()));
  const address = await new Promise<string>((found, failed) => {
    const timer = setInterval(() => {
      const match = listening.exec(output);
      if (match?.[1]) {
        clearInterval(timer);
        found(match[1]);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        failed(new Error(`${script} exited: ${errors}`));
      }
    }, 10);
  });
  return {
    address,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await closed;
    },
  };
}

/** What issuing and printing a job cost. */
export interface IssueAndPrintMeasurement {
  orders: number;
  /** From start() to the job's last label printed, in seconds. */
  seconds: number;
  issueCalls: number;
  /** From start() to the first label printed, by the component's clock, in milliseconds (what the packer waits for). */
  firstLabelPrintedMs: number;
  /** From start() to the first printed notice handled by the station, in milliseconds. */
  firstPrintedMs: number;
  /** Where the first label's time went, in milliseconds from start(): the first issue call at the gateway, the first label sent to the component. */
  firstLabel: { issueArrivedMs: number; labelSentMs: number };
  /** Time the station spent in database writes (journal transactions and print-document saves), per order. */
  journalMsPerOrder: number;
  /** Labels the component printed, and how many distinct ones. */
  labelsPrinted: number;
  distinctLabels: number;
  rateLimitViolations: number;
}

/** `count` orders over `shops` shops, whole batches of 10 each, the first shops taking the batches left over. */
function ordersPerShop(count: number, shops: number): number[] {
  const batches = Math.ceil(count / 10);
  const perShop = Array.from({ length: shops }, (_, index) => (Math.floor(batches / shops) + (index < batches % shops ? 1 : 0)) * 10);
  perShop[perShop.length - 1] = count - perShop.slice(0, -1).reduce((sum, value) => sum + value, 0);
  return perShop;
}

/**
 * Issues and prints `count` orders: the sandbox CLI at `latencyMs` and the emulator CLI in
 * no-render mode, each in its own process; the station (engine, print queue, SQLite file) in
 * this one; no faults. With several shops (多店铺) the orders are of the account's first `shops`
 * shops, chosen in turn and issued as one mixed job (each call one shop's packages) through the
 * one limiter. The plan (with its network-info call) is made before the clock starts, which
 * starts once that call left the account's window (one window plus its margin later), as a
 * packer reads the plan before pressing start: the issuing is not charged for planning.
 */
export async function measureIssueAndPrint(count = orders, shops = 1): Promise<IssueAndPrintMeasurement> {
  const folder = await mkdtemp(join(tmpdir(), 'issue-bench-'));
  const sandbox = await startServerProcess(
    'electron/demo/sandbox-cli.ts',
    ['--port', '0', '--shops', String(Math.max(shops, 1)), '--orders', String(count + 100), '--shop-orders', String(count + 100), '--latency-ms', String(latencyMs), '--admin-routes'],
    /listening on (http:\/\/127\.0\.0\.1:\d+)/,
  );
  const emulator = await startServerProcess('electron/demo/print-emulator-cli.ts', ['--port', '0', '--no-render', '--spool', join(folder, 'spool')], /listening on (ws:\/\/127\.0\.0\.1:\d+)/);
  const admin = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${sandbox.address}/__sandbox/${path}`, { headers: { authorization: `Bearer ${SANDBOX_DEFAULTS.token}` } });
    return ((await response.json()) as { data: T }).data;
  };
  const issueCalls = async () => (await admin<SandboxCall[]>('calls')).filter((call) => call.endpoint === 'issue').length;
  const station = await openSandboxStation({ file: join(folder, 'station.sqlite'), sandboxUrl: sandbox.address, componentUrl: emulator.address, emit: () => undefined });
  try {
    const ofShops: ShopOrderRef[][] = [];
    for (const [index, shopCount] of ordersPerShop(count, shops).entries()) {
      const shopId = (SANDBOX_DEFAULTS.shops[index] as { shopId: string }).shopId;
      await station.orderCache.refresh({ mode: 'full', shopId });
      ofShops.push((await issuableOrders(station.orderCache, station.backend.read.journal, shopCount, 0, shopId)).map((order) => ({ shopId, orderNumber: order.orderNumber })));
    }
    // The shops' orders chosen in turn (a mixed selection): one job, each call carrying one shop's packages.
    const chosen = Array.from({ length: Math.max(...ofShops.map((refs) => refs.length)) }, (_, index) => ofShops.flatMap((refs) => refs[index] ?? [])).flat();
    const plans = [await station.engine.plan(demoPlanRequest([], { orders: chosen }))];
    // Planning's network-info call still in the window would hold back the first issue calls on the clock.
    await delay(callWindowDefaults.windowMs + callWindowDefaults.marginMs);
    const callsBefore = await issueCalls();
    const writesBefore = station.backend.writes.totalMs();
    let firstPrinted = 0;
    let firstSent = 0;
    const stop = station.queue.onEvent((event) => {
      if (event.kind === 'document' && event.document.state === 'sent' && firstSent === 0) firstSent = performance.now();
      if (event.kind === 'document' && event.document.state === 'printed' && firstPrinted === 0) firstPrinted = performance.now();
    });
    const startedAt = Date.now();
    const started = performance.now();
    for (const plan of plans) await station.engine.start({ jobId: plan.jobId });
    const ended = await Promise.all(plans.map((plan) => station.engine.settled(plan.jobId)));
    const seconds = (performance.now() - started) / 1000;
    stop();
    for (const job of ended) if (job.state !== 'done') throw new Error(`the job ended ${job.state}: ${job.stopError?.code ?? ''}`);
    const firstIssue = (await admin<SandboxCall[]>('calls')).find((call) => call.endpoint === 'issue' && call.at >= startedAt);
    // Each event line of the emulator starts with its time: when the label printed, however late the line is read here.
    const printedLines = [...emulator.output().matchAll(/^(\S+) printed (\S+) /gm)];
    const printed = printedLines.map((match) => match[2]);
    const firstLabelPrintedAt = Math.min(...printedLines.map((match) => Date.parse(match[1] ?? '')));
    if (!Number.isFinite(firstLabelPrintedAt)) throw new Error(`the emulator logged no printed label with its time (${printedLines.length} printed lines)`);
    return {
      orders: count,
      seconds,
      issueCalls: (await issueCalls()) - callsBefore,
      firstLabelPrintedMs: firstLabelPrintedAt - startedAt,
      firstPrintedMs: firstPrinted - started,
      firstLabel: { issueArrivedMs: firstIssue ? firstIssue.at - startedAt : Number.NaN, labelSentMs: firstSent - started },
      journalMsPerOrder: (station.backend.writes.totalMs() - writesBefore) / count,
      labelsPrinted: printed.length,
      distinctLabels: new Set(printed).size,
      rateLimitViolations: (await admin<{ violations: number }>('violations')).violations,
    };
  } finally {
    await station.close();
    await emulator.stop();
    await sandbox.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

/** The issuing benchmark, for the benchmark runner's list. */
export const issueAndPrintBenchmark: Benchmark = {
  name: `issuing: issue and print ${orders.toLocaleString('en')} orders`,
  description: `Engine → gateway client → sandbox process at ${latencyMs} ms latency; print queue → CAINIAO adapter → emulator process (no-render mode); station database on a real file; no faults.`,
  async run(): Promise<BenchmarkFigure[]> {
    const measured = await measureIssueAndPrint(orders);
    return [
      {
        name: 'issued and printed',
        value: round(measured.orders / measured.seconds, 1),
        unit: 'orders/s',
        goal: { comparison: 'at-least', value: 90, basis: `beside the bound of ${boundOrdersPerSecond} orders/s (10 calls/s × 10 orders)` },
      },
      { name: 'wall time', value: round(measured.seconds), unit: 's', goal: null },
      {
        name: 'issue calls per order',
        value: round(measured.issueCalls / measured.orders, 3),
        unit: 'calls',
        goal: { comparison: 'at-most', value: 0.101, basis: 'batches of 10, nothing sent twice without faults' },
      },
      {
        name: 'job start to first label printed (by the component)',
        value: round(measured.firstLabelPrintedMs, 0),
        unit: 'ms',
        goal: { comparison: 'at-most', value: latencyMs + 100, basis: 'issue 30: one gateway round trip + 100 ms' },
      },
      { name: '  start → first issue call at the gateway (job, claims, journal)', value: round(measured.firstLabel.issueArrivedMs, 0), unit: 'ms', goal: null },
      { name: `  first issue call at the gateway → answered (the sandbox's ${latencyMs} ms latency)`, value: latencyMs, unit: 'ms', goal: null },
      { name: '  answered → first label sent to the component (journal, decoding, print queue)', value: round(measured.firstLabel.labelSentMs - measured.firstLabel.issueArrivedMs - latencyMs, 0), unit: 'ms', goal: null },
      { name: '  first label sent → printed by the component', value: round(measured.firstLabelPrintedMs - measured.firstLabel.labelSentMs, 0), unit: 'ms', goal: null },
      { name: 'job start to the first printed notice handled by the station (its other answers first)', value: round(measured.firstPrintedMs, 0), unit: 'ms', goal: null },
      {
        name: 'journal overhead per order',
        value: round(measured.journalMsPerOrder, 3),
        unit: 'ms',
        goal: { comparison: 'at-most', value: 2, basis: 'synchronous=FULL commits: every step on disk before the next' },
      },
      { name: 'labels printed', value: measured.labelsPrinted, unit: 'labels', goal: { comparison: 'at-most', value: measured.orders, basis: 'never a double label' } },
      { name: 'distinct labels printed', value: measured.distinctLabels, unit: 'labels', goal: { comparison: 'at-least', value: measured.orders, basis: 'every label' } },
      { name: 'rate-limit violations', value: measured.rateLimitViolations, unit: 'calls', goal: { comparison: 'at-most', value: 0, basis: 'never over the limit' } },
    ];
  },
};

/** Shops of the multi-shop run: the demo account's three. */
const multiShopShops = 3;

/** The multi-shop issuing benchmark (多店铺): the same orders over three shops, chosen in turn, issued as one mixed job through the one limiter. */
export const multiShopIssueAndPrintBenchmark: Benchmark = {
  name: `issuing: issue and print ${orders.toLocaleString('en')} orders of ${multiShopShops} shops`,
  description: `As the one-shop run, with the orders split over the account's ${multiShopShops} shops in whole batches and chosen in turn: one mixed job, each call carrying one shop's packages and ids.`,
  async run(): Promise<BenchmarkFigure[]> {
    const measured = await measureIssueAndPrint(orders, multiShopShops);
    return [
      {
        name: 'issued and printed',
        value: round(measured.orders / measured.seconds, 1),
        unit: 'orders/s',
        goal: { comparison: 'at-least', value: 95, basis: `beside the bound of ${boundOrdersPerSecond} orders/s (10 calls/s × 10 orders), as for one shop` },
      },
      { name: 'wall time', value: round(measured.seconds), unit: 's', goal: null },
      {
        name: 'issue calls per order',
        value: round(measured.issueCalls / measured.orders, 3),
        unit: 'calls',
        goal: { comparison: 'at-most', value: 0.101, basis: 'batches of 10 per shop, nothing sent twice without faults' },
      },
      { name: 'labels printed', value: measured.labelsPrinted, unit: 'labels', goal: { comparison: 'at-most', value: measured.orders, basis: 'never a double label' } },
      { name: 'distinct labels printed', value: measured.distinctLabels, unit: 'labels', goal: { comparison: 'at-least', value: measured.orders, basis: 'every label' } },
      { name: 'rate-limit violations', value: measured.rateLimitViolations, unit: 'calls', goal: { comparison: 'at-most', value: 0, basis: 'never over the limit' } },
    ];
  },
};

// Run alone: `npx tsx bench/issue-and-print-bench.ts`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const benchmark of [issueAndPrintBenchmark, multiShopIssueAndPrintBenchmark]) {
    console.log(benchmark.name);
    for (const figure of await benchmark.run()) {
      const verdict = meetsGoal(figure);
      console.log(`  ${verdict === null ? ' ' : verdict ? '✓' : '✗'} ${figure.name}: ${figure.value} ${figure.unit}`);
    }
  }
}
