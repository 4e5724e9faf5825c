import { writeSync } from 'node:fs';
import { waitFor } from '../../printing/testing/print-test-kit';
import { openSandboxStation } from './issuing-station-parts';
import { createWaybillHistory } from '../waybill-history';
import { demoJobSettings, demoPlanRequest, issuableOrders } from './issuing-test-kit';

/**
 * The process that runs the engine in the fault soak (issuing-soak.test.ts), started with
 * `node --import tsx` and SIGKILLed mid-job by the test. The sandbox and the emulator run in the
 * test process and survive the kills; the station database is a file both processes know.
 *
 *   issuing-soak-fixture <start|resume|print-unknown> <database file> <sandbox url> <emulator url> <orders>
 *
 * `start` fetches the sold orders, plans a job of the first <orders> issuable ones and starts it;
 * `resume` runs the start-up pass and retries the interrupted job. Both print `waybills <n>`
 * whenever an order gets its waybill, and `settled <state>` when the job has ended for good.
 * `print-unknown` is the packer at the recovery view: every label whose print outcome the
 * component could not account for is printed again (history → resendUnknown); it prints
 * `printed again <n>` once none of them is open any more.
 */
const [mode, file, sandboxUrl, emulatorUrl, orderCount] = process.argv.slice(2);
if (!file || !sandboxUrl || !emulatorUrl || (mode !== 'start' && mode !== 'resume' && mode !== 'print-unknown')) {
  throw new Error('usage: issuing-soak-fixture <start|resume|print-unknown> <database file> <sandbox url> <emulator url> <orders>');
}

/** Written synchronously: a line printed is in the pipe before a kill can land. */
const say = (line: string): void => {
  writeSync(1, `${line}\n`);
};

const withWaybill = new Set<string>();
const station = await openSandboxStation({
  file,
  sandboxUrl,
  componentUrl: emulatorUrl,
  emit: (event) => {
    if (event.kind !== 'orders') return;
    const before = withWaybill.size;
    for (const status of event.orders) if (status.waybillCode !== null) withWaybill.add(status.orderNumber);
    if (withWaybill.size !== before) say(`waybills ${withWaybill.size}`);
  },
});
const { engine } = station;

if (mode === 'print-unknown') {
  const { backend } = station;
  const history = createWaybillHistory({
    history: { read: backend.read.history, write: backend.write.history },
    printTasks: { read: backend.read.printTasks, write: backend.write.printTasks },
    queue: station.queue,
    gateway: async () => station.client,
    gatewayIdentities: () => [station.gatewayIdentity()],
    shopName: (shopId) => shopId,
    currentPrintSettings: () => demoJobSettings,
  });
  await station.queue.reconcile();
  const unknown = (await history.search({ states: ['print-unknown'], limit: 1000 })).rows.flatMap((row) => (row.waybillCode ? [row.waybillCode] : []));
  const { requeued } = await history.resendUnknown(unknown);
  const open = () => station.queue.documents().filter((document) => requeued.includes(document.id) && document.state !== 'printed' && document.state !== 'failed');
  await waitFor(() => open().length === 0, 'the labels printed again', 60_000);
  say(`printed again ${requeued.length}`);
  await station.close();
  process.exit(0);
}

let jobId: string;
if (mode === 'start') {
  await station.orderCache.refresh({ mode: 'full' });
  const orders = await issuableOrders(station.orderCache, station.backend.read.journal, Number(orderCount));
  const plan = await engine.plan(demoPlanRequest(orders.map((order) => order.orderNumber)));
  jobId = plan.jobId;
  say(`job ${jobId}`);
  await engine.start({ jobId });
} else {
  const report = await engine.startUp();
  say(`start-up recovered ${report.reconciled.recovered.length} not-issued ${report.reconciled.notIssued.length} labels ${report.labelsQueued}`);
  const [latest] = await engine.jobs(1);
  if (!latest) throw new Error('no job to resume');
  jobId = latest.id;
}

// Resume until every order has its waybill: each retry looks pending orders up before issuing.
for (let round = 0; ; round += 1) {
  const view = await engine.settled(jobId);
  const settledAll = view.orders.planned === 0 && view.orders.pending === 0 && view.orders.failed === 0 && view.orders.skipped === 0;
  if (settledAll || round >= 5) {
    say(`settled ${view.state} ${JSON.stringify(view.orders)}`);
    break;
  }
  await engine.retry({ jobId });
}
await station.close();
