import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RawRecord } from '../../gateway/decoding/tolerant-values';
import { pdfPageSizes, pdfText } from '../../labels/testing/pdf-inspection';
import { POINTS_PER_MM } from '../../labels/label-input';
import type { PrintDocument } from '../../printing/print-component';
import {
  connectRawClient,
  encryptedDocument,
  foreignCiphertextDocument,
  plainDocument,
  startTestEmulator,
  waitFor,
} from '../../printing/testing/print-test-kit';
import type { RawComponentClient } from '../../printing/testing/print-test-kit';
import type { PrintEmulator } from './print-emulator';

type TestEmulator = PrintEmulator & { dispose(): Promise<void> };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulatorWithClient(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<{ emulator: TestEmulator; client: RawComponentClient }> {
  const emulator = await startTestEmulator(options);
  cleanups.push(() => emulator.dispose());
  const client = await connectRawClient(emulator.url);
  cleanups.push(() => client.close());
  return { emulator, client };
}

function printRequest(taskId: string, documents: readonly PrintDocument[], extras: RawRecord = {}): RawRecord {
  return {
    task: {
      taskID: taskId,
      preview: false,
      printer: '',
      previewType: 'pdf',
      firstDocumentNumber: 1,
      totalDocumentCount: documents.length,
      notifyType: ['render', 'print'],
      documents: documents.map((document) => ({ documentID: document.documentId, contents: document.contents })),
      ...extras,
    },
  };
}

/** The messages about one task, in arrival order, as `cmd[:status]` words. */
function timeline(messages: readonly RawRecord[], taskId: string): string[] {
  return messages
    .filter((message) => message['taskID'] === taskId || message['taskId'] === taskId)
    .map((message) => `${String(message['cmd'])}:${String(message['taskStatus'] ?? message['status'])}`);
}

describe('print component emulator', () => {
  it('answers every command the station uses', async () => {
    const { client } = await emulatorWithClient();
    const agent = await client.request('getAgentInfo');
    expect(agent).toMatchObject({ status: 'success', version: expect.any(String) });

    const printers = await client.request('getPrinters');
    expect(printers['defaultPrinter']).toBe('Deli DL-888T (76×130)');
    expect(printers['printers']).toEqual([
      { name: 'Deli DL-888T (76×130)', status: 'enable' },
      { name: 'Xprinter XP-460B (100×180)', status: 'enable' },
      { name: 'HPRT N41', status: 'enable' },
    ]);

    const config = await client.request('getPrinterConfig', { printer: 'Xprinter XP-460B (100×180)' });
    expect(config['printer']).toMatchObject({ name: 'Xprinter XP-460B (100×180)', paperSize: { width: 100, height: 180 }, horizontalOffset: 0, verticalOffset: 0 });
    const printer = config['printer'] as RawRecord;
    expect(await client.request('setPrinterConfig', { printer: { ...printer, horizontalOffset: 1.5, verticalOffset: -2 } })).toMatchObject({ status: 'success' });
    expect((await client.request('getPrinterConfig', { printer: 'Xprinter XP-460B (100×180)' }))['printer']).toMatchObject({ horizontalOffset: 1.5, verticalOffset: -2 });
    expect(await client.request('getPrinterConfig', { printer: 'No Such Printer' })).toMatchObject({ status: 'failed' });

    expect(await client.request('getGlobalConfig')).toMatchObject({ notifyOnTaskFailure: false });
    expect(await client.request('setGlobalConfig', { notifyOnTaskFailure: true })).toMatchObject({ status: 'success' });
    expect(await client.request('getGlobalConfig')).toMatchObject({ notifyOnTaskFailure: true });

    expect(await client.request('getTaskStatus', { taskID: ['never-sent'] })).toMatchObject({ status: 'success', printStatus: [] });
    expect(await client.request('printerConfig')).toMatchObject({ status: 'failed' });
  });

  it('prints a document: reply, then notices in the real order and casings, and a PDF of the paper size in the spool folder', async () => {
    const { emulator, client } = await emulatorWithClient();
    const document = plainDocument('73100000000001');
    const reply = await client.request('print', printRequest('t1', [document]));
    expect(reply).toMatchObject({ cmd: 'print', taskID: 't1', status: 'success' });
    await client.waitForMessages((message) => message['cmd'] === 'notifyTaskResult');

    expect(timeline(client.messages, 't1')).toEqual([
      'print:success',
      'notifyDocResult:rendered',
      'notifyPrintResult:rendered',
      'notifyDocResult:printed',
      'notifyPrintResult:printed',
      'notifyTaskResult:completeSuccess',
    ]);
    const docResult = client.messages.find((message) => message['cmd'] === 'notifyDocResult' && message['status'] === 'printed');
    expect(docResult).toMatchObject({ taskId: 't1', documentId: '73100000000001', code: 0 });
    expect(docResult).not.toHaveProperty('taskID');
    const printResult = client.messages.find((message) => message['cmd'] === 'notifyPrintResult' && message['taskStatus'] === 'printed');
    expect(printResult).toMatchObject({
      taskID: 't1',
      requestID: reply['requestID'],
      printer: 'Deli DL-888T (76×130)',
      printStatus: [{ documentID: '73100000000001', status: 'success' }],
    });
    expect(client.messages.find((message) => message['cmd'] === 'notifyTaskResult')).toMatchObject({ taskId: 't1', status: 'completeSuccess' });

    const [printed] = emulator.printed();
    expect(printed).toMatchObject({ taskId: 't1', documentId: '73100000000001', printer: 'Deli DL-888T (76×130)' });
    const pdf = new Uint8Array(await readFile(printed?.file as string));
    const [page] = await pdfPageSizes(pdf);
    expect(page?.width).toBeCloseTo(76 * POINTS_PER_MM, 1);
    expect(page?.height).toBeCloseTo(130 * POINTS_PER_MM, 1);
    expect(await pdfText(pdf)).toContain('73100000000001');

    const status = await client.request('getTaskStatus', { taskID: ['t1'] });
    expect(status['printStatus']).toEqual([
      { taskID: 't1', detailStatus: [{ documentID: '73100000000001', status: 'printed', msg: '', printer: 'Deli DL-888T (76×130)' }] },
    ]);
  });

  it('decrypts the sandbox’s encrypted print data and prints the label it holds', async () => {
    const { emulator, client } = await emulatorWithClient();
    await client.request('print', printRequest('t-enc', [encryptedDocument('73100000000002')], { printer: 'HPRT N41' }));
    const [printed] = await waitFor(() => (emulator.printed().length === 1 ? emulator.printed() : undefined), 'the encrypted document to print');
    expect(printed?.printer).toBe('HPRT N41');
    const pdf = new Uint8Array(await readFile(printed?.file as string));
    expect((await pdfPageSizes(pdf))[0]?.width).toBeCloseTo(100 * POINTS_PER_MM, 1);
    const text = await pdfText(pdf);
    expect(text).toContain('73100000000002');
    expect(text).toContain('杭州转运中心');
  });

  it('fails foreign ciphertext with code 40 "Unknown encryption type." and never reports it printed', async () => {
    const { emulator, client } = await emulatorWithClient();
    await client.request('setGlobalConfig', { notifyOnTaskFailure: true });
    const reply = await client.request('print', printRequest('t-foreign', [foreignCiphertextDocument('73100000000003')]));
    expect(reply['status']).toBe('success');
    await emulator.idle();
    await client.waitForMessages((message) => message['cmd'] === 'notifyTaskResult');
    expect(timeline(client.messages, 't-foreign')).toEqual(['print:success', 'notifyDocResult:failed', 'notifyPrintResult:failed', 'notifyTaskResult:completeFailure']);
    expect(client.messages.find((message) => message['cmd'] === 'notifyDocResult')).toMatchObject({ code: 40, detail: 'Unknown encryption type.' });
    expect(emulator.printed()).toEqual([]);
    expect(emulator.failed()).toEqual([{ taskId: 't-foreign', documentId: '73100000000003', printer: 'Deli DL-888T (76×130)', code: 40, detail: 'Unknown encryption type.' }]);
  });

  it('reports failures only to clients that turned failure notices on; the status query still tells', async () => {
    const { emulator, client } = await emulatorWithClient();
    await client.request('print', printRequest('t-quiet', [foreignCiphertextDocument('73100000000004')]));
    await emulator.idle();
    expect(timeline(client.messages, 't-quiet')).toEqual(['print:success']);
    const status = await client.request('getTaskStatus', { taskID: ['t-quiet'] });
    expect(status['printStatus']).toEqual([
      { taskID: 't-quiet', detailStatus: [{ documentID: '73100000000004', status: 'failed', msg: 'Unknown encryption type.', code: 40, printer: 'Deli DL-888T (76×130)' }] },
    ]);
  });

  it('refuses empty documents in the print reply with errorCode 11', async () => {
    const { emulator, client } = await emulatorWithClient();
    expect(await client.request('print', printRequest('t-empty', []))).toMatchObject({ status: 'failed', errorCode: 11, msg: 'document not found' });
    expect(await client.request('print', printRequest('t-empty-contents', [{ documentId: '73100000000005', contents: [] }]))).toMatchObject({ status: 'failed', errorCode: 11 });
    expect(emulator.received().map((task) => [task.taskId, task.accepted])).toEqual([
      ['t-empty', false],
      ['t-empty-contents', false],
    ]);
  });

  it('refuses a task id it already has and a printer it does not have', async () => {
    const { client } = await emulatorWithClient();
    expect(await client.request('print', printRequest('t-dup', [plainDocument('73100000000006')]))).toMatchObject({ status: 'success' });
    expect(await client.request('print', printRequest('t-dup', [plainDocument('73100000000007')]))).toMatchObject({ status: 'failed', errorCode: 13 });
    expect(await client.request('print', printRequest('t-printer', [plainDocument('73100000000008')], { printer: 'Gone' }))).toMatchObject({ status: 'failed', errorCode: 14 });
  });

  it('on the paper-out fault accepts and renders a document, then fails it; the next one prints', async () => {
    const { emulator, client } = await emulatorWithClient();
    await client.request('setGlobalConfig', { notifyOnTaskFailure: true });
    await emulator.setFault({ kind: 'paper-out', count: 1 });
    await client.request('print', printRequest('t-paper', [plainDocument('73100000000009')]));
    await client.request('print', printRequest('t-next', [plainDocument('73100000000010')]));
    await emulator.idle();
    await client.waitForMessages((message) => message['cmd'] === 'notifyTaskResult', 2);
    expect(timeline(client.messages, 't-paper')).toEqual([
      'print:success',
      'notifyDocResult:rendered',
      'notifyPrintResult:rendered',
      'notifyDocResult:failed',
      'notifyPrintResult:failed',
      'notifyTaskResult:completeFailure',
    ]);
    expect(client.messages.find((message) => message['cmd'] === 'notifyDocResult' && message['status'] === 'failed')).toMatchObject({ code: 50, detail: 'Printer out of paper.' });
    expect(emulator.printed().map((document) => document.documentId)).toEqual(['73100000000010']);
    expect(emulator.fault()).toBeNull();
  });

  it('on the drop-after-accept fault replies, cuts the socket, and still prints the task', async () => {
    const { emulator, client } = await emulatorWithClient();
    await emulator.setFault({ kind: 'drop-after-accept', count: 1 });
    expect(await client.request('print', printRequest('t-drop', [plainDocument('73100000000011')]))).toMatchObject({ status: 'success' });
    await client.closed();
    await emulator.idle();
    expect(timeline(client.messages, 't-drop')).toEqual(['print:success']);
    expect(emulator.printed().map((document) => document.taskId)).toEqual(['t-drop']);
    const again = await connectRawClient(emulator.url);
    cleanups.push(() => again.close());
    const status = await again.request('getTaskStatus', { taskID: ['t-drop'] });
    expect(status['printStatus']).toMatchObject([{ taskID: 't-drop', detailStatus: [{ documentID: '73100000000011', status: 'printed' }] }]);
  });

  it('on the drop-before-reply fault cuts the socket without replying and never knows the task', async () => {
    const { emulator, client } = await emulatorWithClient();
    await emulator.setFault({ kind: 'drop-before-reply', count: 1 });
    client.send({ cmd: 'print', requestID: 'r-lost', version: '1.0', ...printRequest('t-lost', [plainDocument('73100000000012')]) });
    await client.closed();
    expect(client.messages).toEqual([]);
    expect(emulator.received()).toEqual([]);
    const again = await connectRawClient(emulator.url);
    cleanups.push(() => again.close());
    expect(await again.request('getTaskStatus', { taskID: ['t-lost'] })).toMatchObject({ printStatus: [] });
  });

  it('on the refuse-connections fault stops listening, and listens on the same port again when cleared', async () => {
    const { emulator, client } = await emulatorWithClient();
    const port = emulator.port;
    await emulator.setFault({ kind: 'refuse-connections' });
    await client.closed();
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(emulator.url);
      ws.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      ws.on('open', () => resolve('open'));
    });
    expect(refused).toBe('ECONNREFUSED');
    await emulator.setFault(null);
    expect(emulator.port).toBe(port);
    const again = await connectRawClient(emulator.url);
    cleanups.push(() => again.close());
    expect(await again.request('getAgentInfo')).toMatchObject({ status: 'success' });
  });

  it('restarts on the same port, cutting connections and forgetting the global config but not the tasks', async () => {
    const { emulator, client } = await emulatorWithClient();
    await client.request('setGlobalConfig', { notifyOnTaskFailure: true });
    await client.request('print', printRequest('t-before', [plainDocument('73100000000013')]));
    await emulator.idle();
    const port = emulator.port;
    await emulator.restart({ downMs: 50 });
    await client.closed();
    expect(emulator.port).toBe(port);
    const again = await connectRawClient(emulator.url);
    cleanups.push(() => again.close());
    expect(await again.request('getGlobalConfig')).toMatchObject({ notifyOnTaskFailure: false });
    expect(await again.request('getTaskStatus', { taskID: ['t-before'] })).toMatchObject({ printStatus: [{ taskID: 't-before' }] });
  });

  it('forgets every task on a restart when told to (or when started so), as a component that keeps its history in memory only', async () => {
    const { emulator, client } = await emulatorWithClient({ noRender: true, renderDelayMs: 200 });
    await client.request('print', printRequest('t-forgotten', [plainDocument('73100000000031')]));
    await emulator.restart({ downMs: 20, forgetTasks: true });
    const again = await connectRawClient(emulator.url);
    cleanups.push(() => again.close());
    expect(await again.request('getTaskStatus', { taskID: ['t-forgotten'] })).toMatchObject({ status: 'success', printStatus: [] });
    // What was already printing still comes out: the station cannot know, and must not print it again.
    await emulator.idle();
    expect(emulator.printed().map((document) => document.documentId)).toEqual(['73100000000031']);

    const forgetful = await startTestEmulator({ noRender: true, forgetTasksOnRestart: true });
    cleanups.push(() => forgetful.dispose());
    const first = await connectRawClient(forgetful.url);
    await first.request('print', printRequest('t-kept-until-restart', [plainDocument('73100000000032')]));
    await forgetful.idle();
    expect(await first.request('getTaskStatus', { taskID: ['t-kept-until-restart'] })).toMatchObject({ printStatus: [{ taskID: 't-kept-until-restart' }] });
    await forgetful.restart({ downMs: 20 });
    await first.closed();
    const second = await connectRawClient(forgetful.url);
    cleanups.push(() => second.close());
    expect(await second.request('getTaskStatus', { taskID: ['t-kept-until-restart'] })).toMatchObject({ printStatus: [] });
  });

  it('lists every print request received with its documents’ content layers, stalled ones too', async () => {
    const { emulator, client } = await emulatorWithClient({ noRender: true });
    const customArea = { templateURL: 'https://cloudprint.cainiao.com/template/customArea/1234/1', data: { ORDER_ID: '3300001', ITEM_INFO: '杯子 ×1' } };
    const label = { documentId: '73100000000033', contents: [...plainDocument('73100000000033').contents, customArea] };
    await client.request('print', printRequest('t-layers', [label]));
    await emulator.setFault({ kind: 'stall', count: 1 });
    client.send({ cmd: 'print', requestID: 'stalled', version: '1.0', ...printRequest('t-stalled', [plainDocument('73100000000034')]) });
    await waitFor(() => emulator.received().length === 2, 'both requests');
    expect(emulator.received()).toEqual([
      { taskId: 't-layers', printer: 'Deli DL-888T (76×130)', documentIds: [label.documentId], documents: [label], preview: false, accepted: true, at: expect.any(Number) },
      { taskId: 't-stalled', printer: 'Deli DL-888T (76×130)', documentIds: ['73100000000034'], documents: [plainDocument('73100000000034')], preview: false, accepted: false, at: expect.any(Number) },
    ]);
    expect(client.messages.filter((message) => message['requestID'] === 'stalled')).toEqual([]);
  });

  it('on the refuse-print fault refuses print tasks (nothing prints), and on odd-task-status answers status in an unknown shape', async () => {
    const { emulator, client } = await emulatorWithClient({ noRender: true });
    await emulator.setFault({ kind: 'refuse-print', count: 1 });
    expect(await client.request('print', printRequest('t-refused', [plainDocument('73100000000035')]))).toMatchObject({ status: 'failed', errorCode: 52 });
    expect(await client.request('print', printRequest('t-taken', [plainDocument('73100000000036')]))).toMatchObject({ status: 'success' });
    await emulator.idle();
    expect(emulator.printed().map((document) => document.documentId)).toEqual(['73100000000036']);
    expect(emulator.received().map((task) => [task.taskId, task.accepted])).toEqual([
      ['t-refused', false],
      ['t-taken', true],
    ]);

    await emulator.setFault({ kind: 'odd-task-status', count: 1 });
    const odd = await client.request('getTaskStatus', { taskID: ['t-taken'] });
    expect(odd).toMatchObject({ status: 'success' });
    expect(odd).not.toHaveProperty('printStatus');
    expect(await client.request('getTaskStatus', { taskID: ['t-taken'] })).toMatchObject({ printStatus: [{ taskID: 't-taken' }] });
  });

  it('prints data the station cannot lay out as a page naming the waybill', async () => {
    const { emulator, client } = await emulatorWithClient();
    const custom = { documentId: '73100000000018', contents: [{ data: { nick: '张三' }, templateURL: 'https://cloudprint.cainiao.com/template/standard/278250/1' }] };
    await client.request('print', printRequest('t-custom', [custom]));
    const [printed] = await waitFor(() => (emulator.printed().length === 1 ? emulator.printed() : undefined), 'the document to print');
    expect(await pdfText(new Uint8Array(await readFile(printed?.file as string)))).toContain('Waybill 73100000000018');
  });

  it('on the stall fault reads a request and never answers it', async () => {
    const { emulator, client } = await emulatorWithClient();
    await emulator.setFault({ kind: 'stall', count: 1 });
    client.send({ cmd: 'getPrinters', requestID: 'stalled', version: '1.0' });
    expect(await client.request('getAgentInfo')).toMatchObject({ status: 'success' });
    expect(client.messages.filter((message) => message['requestID'] === 'stalled')).toEqual([]);
    expect(emulator.commandCounts()).toMatchObject({ getPrinters: 1, getAgentInfo: 1 });
  });

  it('in no-render mode writes nothing and still sends every notice', async () => {
    const { emulator, client } = await emulatorWithClient({ noRender: true });
    await client.request('print', printRequest('t-norender', [plainDocument('73100000000014')]));
    await client.waitForMessages((message) => message['cmd'] === 'notifyTaskResult');
    expect(timeline(client.messages, 't-norender')).toHaveLength(6);
    expect(emulator.printed()).toMatchObject([{ documentId: '73100000000014', file: null }]);
    expect((await readdir(emulator.spoolDir)).filter((name) => name.endsWith('.pdf'))).toEqual([]);
  });

  it('with a render delay has the document still queued right after accepting it', async () => {
    const { emulator, client } = await emulatorWithClient({ noRender: true, renderDelayMs: 1_000 });
    await client.request('print', printRequest('t-slow', [plainDocument('73100000000015')]));
    const status = await client.request('getTaskStatus', { taskID: ['t-slow'] });
    expect(status['printStatus']).toMatchObject([{ detailStatus: [{ status: 'queued' }] }]);
    await emulator.idle();
    expect(emulator.printed()).toHaveLength(1);
  });

  it('renders an image preview served on its own port, and prints nothing', async () => {
    const { emulator, client } = await emulatorWithClient();
    const reply = await client.request('print', printRequest('t-preview', [plainDocument('73100000000016')], { preview: true, previewType: 'image' }));
    expect(reply).toMatchObject({ status: 'success', previewImage: [expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:${emulator.port}/preview/`))] });
    const response = await fetch((reply['previewImage'] as string[])[0] as string);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    expect(emulator.printed()).toEqual([]);
    expect(emulator.received()).toMatchObject([{ taskId: 't-preview', preview: true }]);
  });

  it('sends only notifyPrintResult as an older component, in the casing asked for', async () => {
    const { client } = await emulatorWithClient({ noRender: true, notices: { generation: 'older', casing: 'taskId' } });
    await client.request('print', printRequest('t-old', [plainDocument('73100000000017')]));
    await client.waitForMessages((message) => message['cmd'] === 'notifyPrintResult' && message['taskStatus'] === 'printed');
    expect(timeline(client.messages, 't-old')).toEqual(['print:success', 'notifyPrintResult:rendered', 'notifyPrintResult:printed']);
    expect(client.messages.at(-1)).toMatchObject({ taskId: 't-old', printStatus: [{ documentId: '73100000000017', status: 'success' }] });
  });
});
