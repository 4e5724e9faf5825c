import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { NoticeStyle, PrintEmulator } from '../../demo/print-emulator/print-emulator';
import { PrintComponentError } from '../print-component';
import type { DocumentOutcome, PrintComponent, TaskOutcome } from '../print-component';
import {
  connectRawClient,
  foreignCiphertextDocument,
  plainDocument,
  startTestEmulator,
  waitFor,
} from '../testing/print-test-kit';
import { WebSocket, WebSocketServer } from 'ws';
import { COMPONENT_MESSAGE_LIMIT_BYTES, createCainiaoPrintComponent } from './cainiao-print-component';
import type { ComponentState } from '../../../shared/domain/printing';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulator(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<PrintEmulator> {
  const started = await startTestEmulator({ noRender: true, ...options });
  cleanups.push(() => started.dispose());
  return started;
}

/** A component on the URL, with fast reconnects, recording everything it reports. */
function component(url: string, requestTimeoutMs = 2_000) {
  const client = createCainiaoPrintComponent({ url, requestTimeoutMs, backoff: { initialDelayMs: 20, maxDelayMs: 100 } });
  const states: ComponentState[] = [];
  const outcomes: DocumentOutcome[] = [];
  const taskOutcomes: TaskOutcome[] = [];
  client.onStateChange((state) => states.push(state));
  client.onDocumentOutcome((outcome) => outcomes.push(outcome));
  client.onTaskOutcome((outcome) => taskOutcomes.push(outcome));
  cleanups.push(() => client.close());
  return { client, states, outcomes, taskOutcomes };
}

async function connected(client: PrintComponent): Promise<void> {
  await waitFor(() => client.state().kind === 'connected', 'the component to connect');
}

/** A port nothing listens on (taken from the OS, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function kinds(outcomes: readonly DocumentOutcome[], documentId: string): string[] {
  return outcomes.filter((outcome) => outcome.documentId === documentId).map((outcome) => outcome.kind);
}

describe('CAINIAO print component adapter', () => {
  it('turns failure notices on and learns the version before it reports connected', async () => {
    const emulated = await emulator();
    const { client, states } = component(emulated.url);
    client.connect();
    await connected(client);
    expect(states.map((state) => state.kind)).toEqual(['connecting', 'connected']);
    expect(client.state()).toMatchObject({ kind: 'connected', agentVersion: '0.1.0-emulator', failureNotices: true });
    expect(emulated.commandCounts()).toMatchObject({ setGlobalConfig: 1, getAgentInfo: 1 });
    const observer = await connectRawClient(emulated.url);
    cleanups.push(() => observer.close());
    expect(await observer.request('getGlobalConfig')).toMatchObject({ notifyOnTaskFailure: true });
  });

  it('runs every command: agent info, printers, printer config both ways, print, status, preview', async () => {
    const emulated = await emulator();
    const { client, outcomes } = component(emulated.url);
    client.connect();
    await connected(client);

    expect(await client.getAgentInfo()).toEqual({ version: '0.1.0-emulator', message: 'print component emulator' });
    const printers = await client.getPrinters();
    expect(printers.defaultPrinter).toBe('Deli DL-888T (76×130)');
    expect(printers.printers.map((printer) => printer.name)).toEqual(['Deli DL-888T (76×130)', 'Xprinter XP-460B (100×180)', 'HPRT N41']);

    const config = await client.getPrinterConfig('HPRT N41');
    expect(config).toMatchObject({ name: 'HPRT N41', paperSize: { width: 100, height: 180 }, horizontalOffset: 0, verticalOffset: 0, orientation: 'portrait' });
    expect(config.raw).toHaveProperty('needTopLogo', false);
    await client.setPrinterConfig({ ...config, horizontalOffset: 2, verticalOffset: -1.5, paperSize: { width: 100, height: 150 } });
    expect(await client.getPrinterConfig('HPRT N41')).toMatchObject({ horizontalOffset: 2, verticalOffset: -1.5, paperSize: { width: 100, height: 150 } });
    await expect(client.getPrinterConfig('Gone')).rejects.toMatchObject({ kind: 'refused' });

    const document = plainDocument('73100000000101');
    expect(await client.print({ taskId: 'a-1', printer: 'HPRT N41', documents: [document] })).toEqual({ taskId: 'a-1', accepted: true });
    await waitFor(() => kinds(outcomes, document.documentId).includes('printed'), 'the printed notice');
    expect(outcomes).toEqual([
      { kind: 'rendered', taskId: 'a-1', documentId: '73100000000101', printer: 'HPRT N41' },
      { kind: 'printed', taskId: 'a-1', documentId: '73100000000101', printer: 'HPRT N41' },
    ]);

    expect(await client.getTaskStatus(['a-1', 'never-sent'])).toEqual([
      { taskId: 'a-1', answer: 'found', documents: [{ documentId: '73100000000101', status: { kind: 'printed' }, printer: 'HPRT N41' }] },
      { taskId: 'never-sent', answer: 'not-found', documents: [] },
    ]);

    const preview = await client.preview({ taskId: 'p-1', printer: '', documents: [document], previewType: 'image' });
    expect(preview).toMatchObject({ taskId: 'p-1', ok: true, previewUrl: null });
    expect(preview.ok && preview.previewImages).toHaveLength(1);
    expect(emulated.printed()).toHaveLength(1);
  });

  const styles: [string, Partial<NoticeStyle>][] = [
    ['as real components mix them', { casing: 'spec' }],
    ['all taskID/documentID', { casing: 'taskID' }],
    ['all taskId/documentId', { casing: 'taskId' }],
    ['notifyPrintResult only (older components), taskId casing', { generation: 'older', casing: 'taskId' }],
    ['notifyPrintResult only (older components), taskID casing', { generation: 'older', casing: 'taskID' }],
  ];
  it.each(styles)('reads notices in every casing: %s — each document reported printed exactly once', async (_name, notices) => {
    const emulated = await emulator({ notices });
    const { client, outcomes } = component(emulated.url);
    client.connect();
    await connected(client);
    const documents = ['73100000000111', '73100000000112'].map(plainDocument);
    await client.print({ taskId: 'c-1', printer: '', documents });
    await emulated.idle();
    await waitFor(() => outcomes.filter((outcome) => outcome.kind === 'printed').length === 2, 'both printed notices');
    for (const document of documents) expect(kinds(outcomes, document.documentId)).toEqual(['rendered', 'printed']);
  });

  it('reports the failure kinds with code and detail: 11 in the reply, 40 on rendering, paper out after rendering', async () => {
    const emulated = await emulator();
    const { client, outcomes, taskOutcomes } = component(emulated.url);
    client.connect();
    await connected(client);

    expect(await client.print({ taskId: 'f-11', printer: '', documents: [] })).toEqual({
      taskId: 'f-11',
      accepted: false,
      failure: { code: 11, detail: 'document not found', source: 'print-reply' },
    });

    expect(await client.print({ taskId: 'f-40', printer: '', documents: [foreignCiphertextDocument('73100000000121')] })).toMatchObject({ accepted: true });
    await emulated.setFault({ kind: 'paper-out', count: 1 });
    await client.print({ taskId: 'f-paper', printer: '', documents: [plainDocument('73100000000122')] });
    await emulated.idle();
    await waitFor(() => taskOutcomes.length === 2, 'both task notices');

    expect(outcomes.filter((outcome) => outcome.kind === 'failed')).toEqual([
      { kind: 'failed', taskId: 'f-40', documentId: '73100000000121', printer: 'Deli DL-888T (76×130)', failure: { code: 40, detail: 'Unknown encryption type.', source: 'document' } },
      { kind: 'failed', taskId: 'f-paper', documentId: '73100000000122', printer: 'Deli DL-888T (76×130)', failure: { code: 50, detail: 'Printer out of paper.', source: 'document' } },
    ]);
    expect(kinds(outcomes, '73100000000121')).toEqual(['failed']);
    expect(kinds(outcomes, '73100000000122')).toEqual(['rendered', 'failed']);
    expect(taskOutcomes.map((outcome) => [outcome.taskId, outcome.status])).toEqual([
      ['f-40', 'complete-failure'],
      ['f-paper', 'complete-failure'],
    ]);
  });

  it('reads the unconfirmed completeFailed spelling as a task failure', async () => {
    const emulated = await emulator({ notices: { taskFailureWord: 'completeFailed' } });
    const { client, taskOutcomes } = component(emulated.url);
    client.connect();
    await connected(client);
    await client.print({ taskId: 'f-spelling', printer: '', documents: [foreignCiphertextDocument('73100000000123')] });
    await waitFor(() => taskOutcomes.length === 1, 'the task notice');
    expect(taskOutcomes[0]).toMatchObject({ taskId: 'f-spelling', status: 'complete-failure', rawStatus: 'completeFailed' });
  });

  it('starts offline when nothing listens, says the component is not running, and connects when it appears', async () => {
    const port = await freePort();
    const { client, states } = component(`ws://127.0.0.1:${port}`);
    client.connect();
    await waitFor(() => states.some((state) => state.kind === 'offline'), 'the first failed attempt');
    expect(client.state()).toMatchObject({ kind: 'offline', reason: 'not-running', retryInMs: expect.any(Number) });
    await expect(client.getPrinters()).rejects.toEqual(new PrintComponentError('offline', `the print component at ws://127.0.0.1:${port} is not connected`));
    await waitFor(() => states.filter((state) => state.kind === 'offline').length >= 3, 'more attempts');

    await emulator({ port });
    await connected(client);
    expect((await client.getPrinters()).printers).toHaveLength(3);
  });

  it('reconnects after the component restarts on the same port and turns failure notices on again', async () => {
    const emulated = await emulator();
    const { client, states } = component(emulated.url);
    client.connect();
    await connected(client);
    await emulated.restart({ downMs: 150 });
    await waitFor(() => states.some((state) => state.kind === 'offline' && state.reason === 'connection-lost'), 'the lost connection');
    await connected(client);
    expect(emulated.commandCounts()['setGlobalConfig']).toBe(2);
    expect(states.filter((state) => state.kind === 'offline').map((state) => state.kind === 'offline' && state.reason)).toContain('connection-lost');
  });

  it('fails a request in flight with `disconnected` when the socket drops, and one that gets no answer with `timeout`', async () => {
    const emulated = await emulator();
    const { client } = component(emulated.url, 300);
    client.connect();
    await connected(client);
    await emulated.setFault({ kind: 'drop-before-reply', count: 1 });
    await expect(client.print({ taskId: 'd-1', printer: '', documents: [plainDocument('73100000000131')] })).rejects.toMatchObject({ kind: 'disconnected' });
    await connected(client);
    await emulated.setFault({ kind: 'stall', count: 1 });
    await expect(client.getPrinters()).rejects.toMatchObject({ kind: 'timeout' });
    expect((await client.getPrinters()).printers).toHaveLength(3);
  });

  it('stops for good on close', async () => {
    const emulated = await emulator();
    const { client, states } = component(emulated.url);
    client.connect();
    await connected(client);
    await client.close();
    expect(client.state()).toMatchObject({ kind: 'offline', reason: 'closed', retryInMs: null });
    const count = states.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(states).toHaveLength(count);
    await waitFor(() => emulated.connectionCount() === 0, 'the emulator to see the connection closed');
  });

  it('closes a connection that sends a message over 10 MB (1009) instead of holding it, and the emulator refuses one too', async () => {
    // A component that answers a huge message on connect.
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const closes: number[] = [];
    server.on('connection', (ws) => {
      ws.on('close', (code) => closes.push(code));
      ws.send(Buffer.alloc(COMPONENT_MESSAGE_LIMIT_BYTES + 1, 0x20));
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { client, states } = component(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    client.connect();
    await waitFor(() => closes.length > 0, 'the component to close the connection');
    expect(closes[0]).toBe(1009);
    await waitFor(() => states.some((state) => state.kind === 'offline'), 'the component to report the lost connection');
    expect(states.some((state) => state.kind === 'connected')).toBe(false);

    // The emulator's server has the same bound on what it reads.
    const emulated = await emulator();
    const raw = new WebSocket(emulated.url);
    const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve) => raw.on('open', () => resolve()));
    raw.send(Buffer.alloc(COMPONENT_MESSAGE_LIMIT_BYTES + 1, 0x20));
    expect(await closed).toBe(1009);
  });
});
