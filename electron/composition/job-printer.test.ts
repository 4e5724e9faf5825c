import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssuePlan, JobView } from '../../shared/domain/issuing';
import type { PrinterChoice } from '../../shared/domain/printing';
import type { Result } from '../../shared/result';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { ofDemoShop, openTestStation, setUpSandboxDesk } from './testing/sandbox-desk';
import type { Station } from './station';
import { stationData } from './testing/station-data';

const token = 'tok-job-printer-test-5521';
const disabledDefault = 'Deli DL-888T (76×130)';
const usable = 'Xprinter XP-460B (100×180)';

describe('the printer of a new job when none is chosen', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let emulator: PrintEmulator;
  let station: Station;

  const data = <T>(channel: string, input: unknown) => stationData<T>(station, channel, input);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'job-printer-'));
    sandbox = await startSandbox({ port: 0, token, orders: 20 });
    // The component's default printer is switched off in the system.
    emulator = await startPrintEmulator({
      port: 0,
      spoolDir: join(dataDir, 'spool'),
      noRender: true,
      printers: [
        { name: disabledDefault, paperSize: { width: 76, height: 130 }, disabled: true },
        { name: usable, paperSize: { width: 100, height: 180 } },
      ],
    });
    station = await openTestStation(join(dataDir, 'station'), { baseUrl: sandbox.url, componentUrl: emulator.url });
    await setUpSandboxDesk(station, sandbox, token);
  }, 60_000);

  afterAll(async () => {
    await station.close();
    await emulator.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('goes to the first usable printer, never to a default the component reports disabled', async () => {
    let printers: PrinterChoice | null = null;
    for (let asked = 0; asked < 100 && printers === null; asked += 1) {
      const answer = (await station.dispatch('printers.list', {})) as Result<PrinterChoice>;
      if (answer.ok) printers = answer.data;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(printers).toMatchObject({ defaultPrinter: disabledDefault, effective: usable });
    const listing = await data<{ rows: { order: { orderNumber: string } }[] }>('orders.list', {});
    const first = await data<IssuePlan>('issue.plan', { orders: ofDemoShop(listing.rows.map((row) => row.order.orderNumber).slice(0, 5)), merge: false, keepApart: [] });
    const plan = await data<IssuePlan>('issue.plan', { orders: ofDemoShop(first.packages.slice(0, 1).flatMap((pkg) => pkg.orderNumbers)), merge: false, keepApart: [] });
    const job = await data<JobView>('issue.start', { jobId: plan.jobId });
    expect(job.printer).toBe(usable);
  });
});
