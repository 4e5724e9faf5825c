import { writeSync } from 'node:fs';
import { openSandboxStation } from './testing/issuing-station-parts';
import { demoPlanRequest, issuableOrders } from './testing/issuing-test-kit';

/**
 * The process that runs the engine in the fault soak (issuing-soak.test.ts), started with
 * `node --import tsx` and SIGKILLed mid-job by the test. The sandbox and the emulator run in the
 * test process and survive the kills; the station database is a file both processes know.
 *
 *   issuing-soak-fixture <start|resume> <database file> <sandbox url> <emulator url> <orders>
 *
 * `start` fetches the sold orders, plans a job of the first <orders> issuable ones and starts it;
 * `resume` runs the start-up pass and retries the interrupted job. Both print `waybills <n>`
 * whenever an order gets its waybill, and `settled <state>` when the job has ended for good.
 */
const [mode, file, sandboxUrl, emulatorUrl, orderCount] = process.argv.slice(2);
if (!file || !sandboxUrl || !emulatorUrl || (mode !== 'start' && mode !== 'resume')) {
  throw new Error('usage: issuing-soak-fixture <start|resume> <database file> <sandbox url> <emulator url> <orders>');
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

let jobId: string;
if (mode === 'start') {
  await station.orderCache.refresh({ mode: 'full' });
  const orders = issuableOrders(station.orderCache, station.journal, Number(orderCount));
  const plan = await engine.plan(demoPlanRequest(orders.map((order) => order.orderNumber)));
  jobId = plan.jobId;
  say(`job ${jobId}`);
  engine.start({ jobId });
} else {
  const report = await engine.startUp();
  say(`start-up recovered ${report.reconciled.recovered.length} not-issued ${report.reconciled.notIssued.length} labels ${report.labelsQueued}`);
  const [latest] = engine.jobs(1);
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
  engine.retry({ jobId });
}
await station.close();
