import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { WebSocket, WebSocketServer } from 'ws';
import { asRecord, asRecordList, pick, readText } from '../../gateway/decoding/tolerant-values';
import { COMPONENT_MESSAGE_LIMIT_BYTES } from '../../printing/cainiao/cainiao-print-component';
import type { RawRecord } from '../../gateway/decoding/tolerant-values';
import { EMULATOR_FAILURES, isEmptyDocumentList, readEmulatorDocument } from './emulator-document';
import type { EmulatorFailure } from './emulator-document';
import { EMULATOR_PRINTERS } from './emulator-printers';
import type { EmulatorPrinter } from './emulator-printers';
import { createEmulatorRenderers } from './emulator-renderers';
import type { RenderLabelImage, RenderLabelPdf } from './emulator-renderers';

/**
 * An emulator of the CAINIAO print component (print-component.md) for demo mode, tests and the
 * issuing engine's fault soak: the same WebSocket protocol on 127.0.0.1 and a port of choice.
 * "Printing" a document writes its PDF into the spool folder and sends the notices in the order
 * a real component does (print reply → notifyDocResult rendered → notifyPrintResult rendered →
 * notifyDocResult printed → notifyPrintResult printed → notifyTaskResult), with the real mix of
 * casings. Failure notices go out only after a client turned them on with setGlobalConfig, as
 * on a real component. Faults are switched on command (setFault).
 */

/** What the emulator does wrong on command. `count` limits it to that many tasks (or documents); without it, until cleared. */
export type EmulatorFault =
  /** The port stops listening (existing connections are cut): the component is "not running". */
  | { kind: 'refuse-connections' }
  /** A print task arrives and the socket is cut before any reply: the task was never received. */
  | { kind: 'drop-before-reply'; count?: number }
  /** A print task is accepted (reply sent), then the socket is cut before any notice; the task still prints. */
  | { kind: 'drop-after-accept'; count?: number }
  /** A document is accepted and rendered, then fails: the printer is out of paper. */
  | { kind: 'paper-out'; count?: number }
  /** A print task is refused in the reply (`failed`, printer not ready): it is not taken, nothing prints. */
  | { kind: 'refuse-print'; count?: number }
  /** getTaskStatus is answered `success` in a shape the station does not know (no task list). */
  | { kind: 'odd-task-status'; count?: number }
  /** A document is accepted and rendered, then fails: the paper jammed. */
  | { kind: 'jam'; count?: number }
  /** The printer is switched off or unplugged: documents are accepted and fail without being rendered. */
  | { kind: 'offline'; count?: number }
  /** A slow printer: each document takes `delayMs` (default 3 s) before it is rendered; it prints in the end. */
  | { kind: 'slow'; delayMs?: number }
  /** Requests are read and never answered: a hung component (the connection stays open). A stalled print request is listed as received, never taken. */
  | { kind: 'stall'; count?: number };

/** How the notices are spelled: `spec` is what real components send (taskId/documentId in notifyDocResult and notifyTaskResult, taskID/documentID in notifyPrintResult). */
export interface NoticeStyle {
  casing: 'spec' | 'taskID' | 'taskId';
  /** `older` components send notifyPrintResult only; `newer` add notifyDocResult and notifyTaskResult. */
  generation: 'newer' | 'older';
  /** notifyTaskResult's failure word; the spelling is unconfirmed, so both exist in the wild. */
  taskFailureWord: 'completeFailure' | 'completeFailed';
}

/** How to start the emulator. */
export interface PrintEmulatorOptions {
  /** 0 (the default) picks a free port; never 13528 in demo mode, where a real component may run. */
  port?: number;
  /** Where printed documents' PDFs (and previews, in `previews/`) are written; created if missing. */
  spoolDir: string;
  /** Draws a printed document; default: the station's label renderer, or a page naming the waybill. */
  render?: RenderLabelPdf;
  /** Draws an image preview; default: the label renderer's SVG, or an SVG naming the waybill. */
  renderPreview?: RenderLabelImage;
  /** The label fonts folder for the default renderers (a packaged app's resources); default: the project's `assets/fonts`. */
  labelFontsDir?: string;
  /** Time each document takes before it counts as rendered (a real printer's pace); default 0. */
  renderDelayMs?: number;
  /** Long runs: nothing is drawn or written, only the notices are sent. */
  noRender?: boolean;
  printers?: readonly EmulatorPrinter[];
  notices?: Partial<NoticeStyle>;
  /** One line per event, for the command-line emulator's output. */
  log?: (line: string) => void;
  /** Every restart forgets the task history, as a component that keeps it only in memory: getTaskStatus then knows none of the earlier tasks. */
  forgetTasksOnRestart?: boolean;
}

/** A document the emulator printed. */
export interface PrintedDocument {
  taskId: string;
  documentId: string;
  printer: string;
  /** The PDF in the spool folder; null in no-render mode. */
  file: string | null;
  at: number;
}

/** A document the emulator failed, with the code and detail it reported. */
export interface FailedDocument extends EmulatorFailure {
  taskId: string;
  documentId: string;
  printer: string;
}

/** A print request the emulator received (and did not drop before reading). */
export interface ReceivedTask {
  taskId: string;
  printer: string;
  documentIds: string[];
  /** The documents as they arrived: each waybill's content layers (print data, then any custom area). */
  documents: { documentId: string; contents: unknown[] }[];
  preview: boolean;
  /** False when the task was refused in the print reply (empty documents, unknown printer, …). */
  accepted: boolean;
  /** Arrival, epoch ms. */
  at: number;
}

/** A running emulator. */
export interface PrintEmulator {
  /** `ws://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly spoolDir: string;
  /** Documents printed, in print order. */
  printed(): PrintedDocument[];
  failed(): FailedDocument[];
  /** Every print request received, in arrival order (a task sent twice appears twice). */
  received(): ReceivedTask[];
  /** How many requests of each command arrived. */
  commandCounts(): Record<string, number>;
  /** Connections open now. */
  connectionCount(): number;
  /** Switches a fault on (replacing any other) or, with null, off. */
  setFault(fault: EmulatorFault | null): Promise<void>;
  fault(): EmulatorFault | null;
  /**
   * The component restarts: connections cut, port closed for `downMs`, then listening again on the
   * same port; global config (failure notices) forgotten; the task history kept, unless
   * `forgetTasks` (default: the `forgetTasksOnRestart` option) — then getTaskStatus knows none of
   * the earlier tasks (documents already printing still come out).
   */
  restart(options?: { downMs?: number; forgetTasks?: boolean }): Promise<void>;
  /** Resolves when every accepted document has printed or failed. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type DocumentStatusWord = 'queued' | 'rendered' | 'printed' | 'failed';

interface TaskDocument {
  documentId: string;
  contents: unknown[];
  status: DocumentStatusWord;
  failure: EmulatorFailure | null;
}

interface EmulatorTask {
  taskId: string;
  requestId: string;
  printer: EmulatorPrinter;
  socket: WebSocket;
  notifyRender: boolean;
  notifyPrint: boolean;
  documents: TaskDocument[];
}

const defaultNoticeStyle: NoticeStyle = { casing: 'spec', generation: 'newer', taskFailureWord: 'completeFailure' };

/** File-name-safe form of an id. */
function safeName(text: string): string {
  return text.replace(/[^\w.-]/g, '_').slice(0, 80);
}

/** Starts an emulator; resolves once it listens. */
export async function startPrintEmulator(options: PrintEmulatorOptions): Promise<PrintEmulator> {
  const spoolDir = options.spoolDir;
  const previewDir = join(spoolDir, 'previews');
  await mkdir(previewDir, { recursive: true });
  // The default renderers load their fonts on first use only.
  const defaults = createEmulatorRenderers(options.labelFontsDir === undefined ? {} : { fontsDir: options.labelFontsDir });
  const renderPdf = options.render ?? defaults.pdf;
  const renderImage = options.renderPreview ?? defaults.image;
  const renderDelayMs = options.renderDelayMs ?? 0;
  const noRender = options.noRender ?? false;
  const style: NoticeStyle = { ...defaultNoticeStyle, ...options.notices };
  const log = options.log ?? (() => undefined);
  const printers = (options.printers ?? EMULATOR_PRINTERS).map((printer) => ({
    name: printer.name,
    disabled: printer.disabled === true,
    paperSize: { ...printer.paperSize },
    horizontalOffset: 0,
    verticalOffset: 0,
    orientation: 'portrait',
  }));

  const tasks = new Map<string, EmulatorTask>();
  const printedLog: PrintedDocument[] = [];
  const failedLog: FailedDocument[] = [];
  const receivedLog: ReceivedTask[] = [];
  const commandCounts: Record<string, number> = {};
  let notifyOnTaskFailure = false;
  let currentFault: EmulatorFault | null = null;
  let printQueue: Promise<void> = Promise.resolve();
  let spoolCounter = 0;
  let closed = false;
  let port = options.port ?? 0;
  let listening = false;

  // The same 10 MB bound on a message as the station's client (a print task of 100 labels is far below it).
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: COMPONENT_MESSAGE_LIMIT_BYTES });
  const httpServer = createServer((request, response) => {
    void servePreview(request, response);
  });
  httpServer.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  /** Preview files are served over HTTP on the same port, as URLs the UI can load. */
  async function servePreview(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const match = /^\/preview\/([\w.-]+)$/.exec(request.url ?? '');
    if (request.method !== 'GET' || !match?.[1]) {
      response.writeHead(404).end('print component emulator');
      return;
    }
    try {
      const body = await readFile(join(previewDir, match[1]));
      const type = match[1].endsWith('.svg') ? 'image/svg+xml' : match[1].endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
      response.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      response.writeHead(404).end('no such preview');
    }
  }

  function findPrinter(name: string): (typeof printers)[number] | undefined {
    return name === '' ? printers[0] : printers.find((printer) => printer.name === name);
  }

  /** Whether the fault of this kind applies now; a counted fault is used up by one application. */
  function takeFault(kind: Exclude<EmulatorFault['kind'], 'refuse-connections' | 'slow'>): boolean {
    const fault = currentFault;
    if (!fault || fault.kind !== kind) return false;
    if (fault.count !== undefined) {
      const left = fault.count - 1;
      currentFault = left > 0 ? { ...fault, count: left } : null;
    }
    return true;
  }

  /** A printer's status word in getPrinters, as a Windows desk component reports it: a disabled printer says so; the fault shows here too. */
  function printerStatus(printer: { disabled?: boolean }): string {
    if (printer.disabled === true) return 'disable';
    const kind = currentFault?.kind;
    if (kind === 'paper-out') return 'paperOut';
    if (kind === 'jam') return 'paperJam';
    if (kind === 'offline') return 'offline';
    if (kind === 'slow' && tasksInFlight() > 0) return 'printing';
    return 'enable';
  }

  function tasksInFlight(): number {
    let count = 0;
    for (const task of tasks.values()) if (task.documents.some((document) => document.status === 'queued' || document.status === 'rendered')) count += 1;
    return count;
  }

  function sendTo(ws: WebSocket, message: RawRecord): void {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  /** The task and document id fields of a notice, in the configured casing. */
  function ids(cmd: 'notifyDocResult' | 'notifyPrintResult' | 'notifyTaskResult'): { task: string; document: string } {
    const upper = style.casing === 'taskID' || (style.casing === 'spec' && cmd === 'notifyPrintResult');
    return upper ? { task: 'taskID', document: 'documentID' } : { task: 'taskId', document: 'documentId' };
  }

  function noticeDocument(task: EmulatorTask, document: TaskDocument, status: 'rendered' | 'printed' | 'failed'): void {
    const failure = document.failure;
    if (status === 'failed' && !notifyOnTaskFailure) return;
    if ((status === 'rendered' && !task.notifyRender) || (status === 'printed' && !task.notifyPrint)) return;
    if (style.generation === 'newer') {
      const key = ids('notifyDocResult');
      sendTo(task.socket, {
        cmd: 'notifyDocResult',
        [key.task]: task.taskId,
        [key.document]: document.documentId,
        status,
        code: failure?.code ?? 0,
        detail: failure?.detail ?? '',
        printer: task.printer.name,
      });
    }
    const key = ids('notifyPrintResult');
    sendTo(task.socket, {
      cmd: 'notifyPrintResult',
      // Real components echo the print request's id in this notice.
      requestID: task.requestId,
      [key.task]: task.taskId,
      taskStatus: status,
      printer: task.printer.name,
      printStatus: [
        failure
          ? { [key.document]: document.documentId, status: 'failed', msg: failure.detail, detail: failure.detail, code: failure.code }
          : { [key.document]: document.documentId, status: 'success', msg: '', detail: '' },
      ],
    });
  }

  function noticeTask(task: EmulatorTask): void {
    const failed = task.documents.some((document) => document.status === 'failed');
    if (style.generation !== 'newer' || (failed && !notifyOnTaskFailure)) return;
    const key = ids('notifyTaskResult');
    sendTo(task.socket, { cmd: 'notifyTaskResult', [key.task]: task.taskId, status: failed ? style.taskFailureWord : 'completeSuccess', msg: '' });
  }

  function failDocument(task: EmulatorTask, document: TaskDocument, failure: EmulatorFailure): void {
    document.status = 'failed';
    document.failure = failure;
    failedLog.push({ taskId: task.taskId, documentId: document.documentId, printer: task.printer.name, ...failure });
    log(`failed ${document.documentId} (task ${task.taskId}) on ${task.printer.name}: ${failure.code} ${failure.detail}`);
    noticeDocument(task, document, 'failed');
  }

  async function printDocument(task: EmulatorTask, document: TaskDocument): Promise<void> {
    const slow = currentFault?.kind === 'slow' ? (currentFault.delayMs ?? 3_000) : 0;
    if (renderDelayMs + slow > 0) await delay(renderDelayMs + slow);
    if (closed) return;
    if (takeFault('offline')) {
      failDocument(task, document, EMULATOR_FAILURES.printerOffline);
      return;
    }
    const reading = readEmulatorDocument(document.documentId, document.contents);
    if (!reading.ok) {
      failDocument(task, document, reading.failure);
      return;
    }
    // The printer's current paper: calibration (setPrinterConfig) may have changed it.
    const paper = task.printer.paperSize;
    let pdf: Uint8Array | null = null;
    if (!noRender) {
      try {
        pdf = await renderPdf(reading.document, paper);
      } catch (error) {
        failDocument(task, document, { code: EMULATOR_FAILURES.renderFailed.code, detail: `${EMULATOR_FAILURES.renderFailed.detail}: ${String(error)}` });
        return;
      }
    }
    document.status = 'rendered';
    noticeDocument(task, document, 'rendered');
    if (takeFault('paper-out')) {
      failDocument(task, document, EMULATOR_FAILURES.paperOut);
      return;
    }
    if (takeFault('jam')) {
      failDocument(task, document, EMULATOR_FAILURES.paperJam);
      return;
    }
    let file: string | null = null;
    if (pdf) {
      spoolCounter += 1;
      file = join(spoolDir, `${String(spoolCounter).padStart(5, '0')}-${safeName(document.documentId)}.pdf`);
      await writeFile(file, pdf);
    }
    document.status = 'printed';
    printedLog.push({ taskId: task.taskId, documentId: document.documentId, printer: task.printer.name, file, at: Date.now() });
    log(`printed ${document.documentId} (task ${task.taskId}) on ${task.printer.name}${file ? ` → ${file}` : ''}`);
    noticeDocument(task, document, 'printed');
  }

  /** Renders a preview task at once (never printed) and answers with URLs served on this port. */
  async function preview(reply: (fields: RawRecord) => void, taskId: string, printer: EmulatorPrinter, documents: RawRecord[], type: string): Promise<void> {
    const urls: string[] = [];
    for (const [index, entry] of documents.entries()) {
      const reading = readEmulatorDocument(readText(pick(entry, 'documentID', 'documentId')), asRecordList(entry['contents']));
      if (!reading.ok) {
        reply({ status: 'failed', errorCode: reading.failure.code, msg: reading.failure.detail });
        return;
      }
      const name = `${safeName(taskId)}-${index + 1}`;
      if (type === 'image') {
        const image = await renderImage(reading.document, printer.paperSize);
        await writeFile(join(previewDir, `${name}.${image.extension}`), image.body);
        urls.push(`http://127.0.0.1:${port}/preview/${name}.${image.extension}`);
      } else {
        await writeFile(join(previewDir, `${name}.pdf`), await renderPdf(reading.document, printer.paperSize));
        urls.push(`http://127.0.0.1:${port}/preview/${name}.pdf`);
      }
    }
    reply(type === 'image' ? { status: 'success', previewImage: urls } : { status: 'success', previewURL: urls[0] ?? '' });
  }

  /** Lists a print request as received (not yet taken). */
  function logReceived(task: RawRecord): ReceivedTask {
    const documents = asRecordList(task['documents']);
    const printerName = readText(task['printer']);
    const documentIds = documents.map((document) => readText(pick(document, 'documentID', 'documentId')));
    const received: ReceivedTask = {
      taskId: readText(pick(task, 'taskID', 'taskId')),
      printer: findPrinter(printerName)?.name ?? printerName,
      documentIds,
      documents: documents.map((document, index) => ({
        documentId: documentIds[index] ?? '',
        contents: Array.isArray(document['contents']) ? structuredClone(document['contents'] as unknown[]) : [],
      })),
      preview: task['preview'] === true,
      accepted: false,
      at: Date.now(),
    };
    receivedLog.push(received);
    return received;
  }

  function handlePrint(ws: WebSocket, requestId: string, message: RawRecord): void {
    const task = asRecord(message['task']);
    const taskId = task ? readText(pick(task, 'taskID', 'taskId')) : '';
    const reply = (fields: RawRecord): void => sendTo(ws, { cmd: 'print', requestID: requestId, taskID: taskId, ...fields });
    const refuse = (failure: EmulatorFailure): void => reply({ status: 'failed', errorCode: failure.code, msg: failure.detail });
    if (!task || taskId === '') return refuse(EMULATOR_FAILURES.badTask);
    const isPreview = task['preview'] === true;
    if (!isPreview && takeFault('drop-before-reply')) {
      log(`dropped the connection on receiving task ${taskId}`);
      ws.terminate();
      return;
    }
    const documents = asRecordList(task['documents']);
    const received = logReceived(task);
    const printer = findPrinter(readText(task['printer']));
    if (isEmptyDocumentList(task['documents'])) return refuse(EMULATOR_FAILURES.documentNotFound);
    if (!printer) return refuse(EMULATOR_FAILURES.printerNotFound);
    if (!isPreview && takeFault('refuse-print')) {
      log(`refused task ${taskId}: ${EMULATOR_FAILURES.printerNotReady.detail}`);
      return refuse(EMULATOR_FAILURES.printerNotReady);
    }
    if (isPreview) {
      received.accepted = true;
      preview(reply, taskId, printer, documents, readText(task['previewType'])).catch((error: unknown) =>
        reply({ status: 'failed', errorCode: EMULATOR_FAILURES.renderFailed.code, msg: `${EMULATOR_FAILURES.renderFailed.detail}: ${String(error)}` }),
      );
      return;
    }
    if (tasks.has(taskId)) return refuse(EMULATOR_FAILURES.duplicateTask);
    received.accepted = true;
    const notifyType = Array.isArray(task['notifyType']) ? task['notifyType'].map(readText) : ['render', 'print'];
    const accepted: EmulatorTask = {
      taskId,
      requestId,
      printer,
      socket: ws,
      notifyRender: notifyType.includes('render'),
      notifyPrint: notifyType.includes('print'),
      documents: documents.map((document, index) => ({
        documentId: received.documentIds[index] ?? '',
        contents: Array.isArray(document['contents']) ? document['contents'] : [],
        status: 'queued',
        failure: null,
      })),
    };
    tasks.set(taskId, accepted);
    const dropAfterReply = takeFault('drop-after-accept');
    ws.send(JSON.stringify({ cmd: 'print', requestID: requestId, taskID: taskId, status: 'success', msg: '' }), () => {
      if (dropAfterReply) {
        log(`dropped the connection after accepting task ${taskId}`);
        ws.terminate();
      }
    });
    // One printer head: documents print one after another, in the order they arrived.
    for (const document of accepted.documents) printQueue = printQueue.then(() => printDocument(accepted, document));
    printQueue = printQueue.then(() => {
      if (!closed) noticeTask(accepted);
    });
  }

  function handleTaskStatus(message: RawRecord): RawRecord {
    const asked = message['taskID'] ?? message['taskId'];
    const taskIds = (Array.isArray(asked) ? asked : [asked]).map(readText);
    const printStatus = taskIds.flatMap((taskId) => {
      const task = tasks.get(taskId);
      if (!task) return [];
      return [
        {
          taskID: taskId,
          detailStatus: task.documents.map((document) => ({
            documentID: document.documentId,
            status: document.status,
            msg: document.failure?.detail ?? '',
            ...(document.failure && { code: document.failure.code }),
            printer: task.printer.name,
          })),
        },
      ];
    });
    return { status: 'success', msg: '', printStatus };
  }

  function handleSetPrinterConfig(message: RawRecord): RawRecord {
    const wanted = asRecord(message['printer']) ?? {};
    const printer = printers.find((candidate) => candidate.name === readText(wanted['name']));
    if (!printer) return { status: 'failed', msg: EMULATOR_FAILURES.printerNotFound.detail };
    const paper = asRecord(wanted['paperSize']);
    const number = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
    if (paper) printer.paperSize = { width: number(paper['width'], printer.paperSize.width), height: number(paper['height'], printer.paperSize.height) };
    printer.horizontalOffset = number(wanted['horizontalOffset'], printer.horizontalOffset);
    printer.verticalOffset = number(wanted['verticalOffset'], printer.verticalOffset);
    if (typeof wanted['orientation'] === 'string') printer.orientation = wanted['orientation'];
    return { status: 'success', msg: '' };
  }

  function handleMessage(ws: WebSocket, text: string): void {
    let message: RawRecord | null;
    try {
      message = asRecord(JSON.parse(text));
    } catch {
      message = null;
    }
    if (!message) return;
    const cmd = readText(message['cmd']);
    const requestId = readText(message['requestID']);
    commandCounts[cmd] = (commandCounts[cmd] ?? 0) + 1;
    if (takeFault('stall')) {
      const task = cmd === 'print' ? asRecord(message['task']) : null;
      if (task) logReceived(task);
      return;
    }
    const answer = (fields: RawRecord): void => sendTo(ws, { cmd, requestID: requestId, ...fields });
    switch (cmd) {
      case 'print':
        return handlePrint(ws, requestId, message);
      case 'getAgentInfo':
        return answer({ status: 'success', msg: 'print component emulator', version: '0.1.0-emulator' });
      case 'getPrinters':
        return answer({ status: 'success', msg: '', defaultPrinter: printers[0]?.name ?? '', printers: printers.map((printer) => ({ name: printer.name, status: printerStatus(printer) })) });
      case 'getPrinterConfig': {
        const printer = printers.find((candidate) => candidate.name === readText(message['printer']));
        return printer
          ? answer({ status: 'success', msg: '', printer: { ...printer, paperSize: { ...printer.paperSize }, needTopLogo: false, needBottomLogo: false } })
          : answer({ status: 'failed', msg: EMULATOR_FAILURES.printerNotFound.detail });
      }
      case 'setPrinterConfig':
        return answer(handleSetPrinterConfig(message));
      case 'setGlobalConfig':
        if (typeof message['notifyOnTaskFailure'] === 'boolean') notifyOnTaskFailure = message['notifyOnTaskFailure'];
        return answer({ status: 'success', msg: '' });
      case 'getGlobalConfig':
        return answer({ status: 'success', msg: '', notifyOnTaskFailure });
      case 'getTaskStatus':
        // An answer of a shape no client knows: success, but no task list.
        if (takeFault('odd-task-status')) return answer({ status: 'success', msg: '', result: { state: 'ok' } });
        return answer(handleTaskStatus(message));
      default:
        return answer({ status: 'failed', msg: `unknown command ${cmd}` });
    }
  }

  wss.on('connection', (ws) => {
    log(`client connected (${wss.clients.size} open)`);
    ws.on('message', (data) => handleMessage(ws, data.toString()));
    ws.on('error', () => undefined);
    ws.on('close', () => log(`client disconnected (${wss.clients.size} open)`));
  });

  async function listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(port, '127.0.0.1', () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    port = (httpServer.address() as AddressInfo).port;
    listening = true;
  }

  async function stopListening(): Promise<void> {
    if (!listening) return;
    listening = false;
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      httpServer.closeAllConnections();
    });
  }

  async function idle(): Promise<void> {
    for (;;) {
      const waitingFor = printQueue;
      await waitingFor;
      if (waitingFor === printQueue) return;
    }
  }

  await listen();

  return {
    get url() {
      return `ws://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    spoolDir,
    printed: () => [...printedLog],
    failed: () => [...failedLog],
    received: () => receivedLog.map((task) => ({ ...task, documentIds: [...task.documentIds], documents: structuredClone(task.documents) })),
    commandCounts: () => ({ ...commandCounts }),
    connectionCount: () => wss.clients.size,
    fault: () => currentFault,
    async setFault(fault) {
      const wasRefusing = currentFault?.kind === 'refuse-connections';
      currentFault = fault ? { ...fault } : null;
      const refusing = fault?.kind === 'refuse-connections';
      if (refusing && !wasRefusing) await stopListening();
      if (!refusing && wasRefusing && !closed) await listen();
    },
    async restart(restartOptions = {}) {
      await stopListening();
      notifyOnTaskFailure = false;
      const forget = restartOptions.forgetTasks ?? options.forgetTasksOnRestart ?? false;
      if (forget) tasks.clear();
      log(forget ? 'restarting, forgetting every task' : 'restarting');
      if (restartOptions.downMs) await delay(restartOptions.downMs);
      if (!closed && currentFault?.kind !== 'refuse-connections') await listen();
    },
    idle,
    async close() {
      closed = true;
      await stopListening();
      await idle();
      wss.close();
    },
  };
}
