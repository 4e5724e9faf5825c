import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobView } from '../../shared/domain/issuing';
import type { LabelPreview } from '../../shared/domain/printing';
import type { StationError } from '../../shared/errors/station-error';
import type { Result } from '../../shared/result';
import { startPrintEmulator, type PrintEmulator } from '../demo/print-emulator/print-emulator';
import { startSandbox, type RunningSandbox } from '../demo/sandbox';
import { ofDemoShop, openTestStation, setUpSandboxDesk } from './testing/sandbox-desk';
import type { Station } from './station';

const token = 'tok-preview-channel-test-7731';

describe('print.preview through the station dispatcher', () => {
  let dataDir: string;
  let sandbox: RunningSandbox;
  let emulator: PrintEmulator;
  let station: Station;
  let orderNumbers: string[] = [];

  const call = async <T>(channel: string, input: unknown): Promise<Result<T>> => (await station.dispatch(channel, input)) as Result<T>;
  const data = async <T>(channel: string, input: unknown): Promise<T> => {
    const answer = await call<T>(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}`);
    return answer.data;
  };
  const errorOf = async (channel: string, input: unknown): Promise<StationError> => {
    const answer = await call(channel, input);
    if (answer.ok) throw new Error(`${channel} answered ok`);
    return answer.error;
  };
  /** Plans these orders, starts them held for the preview and waits until every label is held. */
  const holdJob = async (orders: string[]): Promise<JobView> => {
    const plan = await data<{ jobId: string }>('issue.plan', { orders: ofDemoShop(orders), merge: false, keepApart: [] });
    await data('issue.start', { jobId: plan.jobId, previewFirstLabel: true });
    for (let asked = 0; asked < 200; asked += 1) {
      const job = (await data<JobView[]>('jobs.list', { limit: 5 })).find((view) => view.id === plan.jobId);
      if (job?.state === 'printing' && job.printHold?.labels === orders.length) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${plan.jobId} never held ${orders.length} labels`);
  };
  const svgOf = (url: string) => Buffer.from(url.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'print-preview-'));
    sandbox = await startSandbox({ port: 0, token, orders: 30 });
    emulator = await startPrintEmulator({ port: 0, spoolDir: join(dataDir, 'spool') });
    station = await openTestStation(join(dataDir, 'station'), { baseUrl: sandbox.url, componentUrl: emulator.url });
    await setUpSandboxDesk(station, sandbox, token);
    const listing = await data<{ rows: { order: { orderNumber: string } }[] }>('orders.list', {});
    const plan = await data<{ packages: { orderNumbers: string[] }[] }>('issue.plan', { orders: ofDemoShop(listing.rows.map((row) => row.order.orderNumber)), merge: false, keepApart: [] });
    orderNumbers = plan.packages.map((entry) => entry.orderNumbers[0] as string);
  }, 60_000);

  afterAll(async () => {
    await station.close();
    await emulator.close();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the component’s image preview of encrypted print data as data: URLs, printing nothing', async () => {
    const job = await holdJob(orderNumbers.slice(0, 2));
    const preview = await data<LabelPreview>('print.preview', { jobId: job.id });
    expect(preview).toMatchObject({ waybillCode: job.printHold?.firstLabel?.waybillCode, orderNumbers: [orderNumbers[0]], carrierCode: 'YTO', labelSize: '76x130', source: 'component' });
    expect(preview.images).toHaveLength(1);
    // The emulator answered an http URL on its own port; main read it into a data: URL.
    expect(preview.images[0]).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(svgOf(preview.images[0] ?? '')).toContain('<svg');
    expect(emulator.received().map((task) => task.preview)).toEqual([true]);
    expect(emulator.printed()).toEqual([]);
    await data('jobs.cancel', { jobId: job.id });
  });

  it('draws plain print data with the station’s own renderer, for the component and for the OS printer alike', async () => {
    await data('settings.update', { patch: { print: { needEncrypt: false } } });
    const job = await holdJob(orderNumbers.slice(2, 3));
    const waybillCode = job.printHold?.firstLabel?.waybillCode ?? '';
    const previewsBefore = emulator.received().length;
    const preview = await data<LabelPreview>('print.preview', { waybillCode });
    expect(preview).toMatchObject({ waybillCode, orderNumbers: [orderNumbers[2]], source: 'station-renderer' });
    expect(svgOf(preview.images[0] ?? '')).toContain('<svg');
    expect(emulator.received()).toHaveLength(previewsBefore);

    await data('settings.update', { patch: { print: { output: 'os-printer' } } });
    const onOsPrinter = await data<LabelPreview>('print.preview', { waybillCode });
    expect(onOsPrinter).toMatchObject({ waybillCode, source: 'station-renderer' });
    expect(onOsPrinter.images[0]).toMatch(/^data:image\/svg\+xml;base64,/);
    await data('jobs.cancel', { jobId: job.id });
    expect(emulator.printed()).toEqual([]);
  });

  it('says why there is no preview: no such label, or encrypted data the OS printer cannot draw', async () => {
    expect(await errorOf('print.preview', { waybillCode: 'YT0000000000000' })).toMatchObject({ code: 'print.preview-no-label', params: { reference: 'YT0000000000000' } });
    expect(await errorOf('print.preview', { jobId: 'no-such-job' })).toMatchObject({ code: 'issuing.job-not-found' });
    const [first] = (await data<{ rows: { orderNumber: string; waybillCode: string | null }[] }>('history.search', { text: orderNumbers[0] })).rows;
    expect(await errorOf('print.preview', { waybillCode: first?.waybillCode })).toMatchObject({ code: 'print.encrypted-needs-component' });
  });
});
