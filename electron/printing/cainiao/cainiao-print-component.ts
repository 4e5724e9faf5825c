import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { asRecord, pick, readOptionalText, readText } from '../../gateway/decoding/tolerant-values';
import type { RawRecord } from '../../gateway/decoding/tolerant-values';
import { createListenerSet } from '../../events/listener-set';
import { PrintComponentError } from '../print-component';
import type { DocumentOutcome, PrintComponent, TaskOutcome } from '../print-component';
import { backoffDelay, defaultBackoff } from '../reconnect-backoff';
import type { BackoffOptions } from '../reconnect-backoff';
import {
  CAINIAO_PROTOCOL_VERSION,
  isNotification,
  readAgentInfo,
  readNotification,
  readPreviewReply,
  readPrinterConfig,
  readPrinterList,
  readPrintReply,
  readTaskStatusReply,
  replyFailed,
  replyMessage,
  replySucceeded,
  wirePrinterConfig,
  wireTask,
} from './cainiao-protocol';
import type { ComponentState, OfflineReason } from '../../../shared/domain/printing';

/** The CAINIAO component's plain WebSocket address (the TLS one on 13529 is for web pages). */
export const CAINIAO_DEFAULT_URL = 'ws://127.0.0.1:13528';

/**
 * The largest message read from the print component: 10 MB (its replies and notices are a few
 * KB; preview images come as URLs). A larger one closes the connection (1009) instead of being
 * held in memory; the component is then reconnected as after any lost connection.
 */
export const COMPONENT_MESSAGE_LIMIT_BYTES = 10 * 1024 * 1024;

/** How the adapter connects and how long it waits. */
export interface CainiaoPrintComponentOptions {
  /** The component's address, from settings (`ws://127.0.0.1:13528` on a real desk). */
  url: string;
  /** Time limit of each request but previews; default 10 s. */
  requestTimeoutMs?: number;
  /** Time limit of a preview (the component renders before answering); default 30 s. */
  previewTimeoutMs?: number;
  /** Reconnect delays; default 0.5 s doubling to 10 s, jittered. */
  backoff?: BackoffOptions;
  /** Source of jitter (tests make it fixed). */
  random?: () => number;
  now?: () => number;
}

/** Outcomes remembered for de-duplication (newer components report each document twice). */
const reportedOutcomesLimit = 20_000;

/** A request sent and not yet answered. */
interface PendingRequest {
  socket: WebSocket;
  resolve: (message: RawRecord) => void;
  reject: (error: PrintComponentError) => void;
  timer: NodeJS.Timeout;
}

/**
 * The CAINIAO print component adapter: one WebSocket, one dispatcher. Replies are matched to
 * requests by requestID; notices (cmd notify*) are read in both casings and reported per
 * (task, document) once. On every connect it turns on failure notices (setGlobalConfig) and
 * asks the component's version before it reports `connected`.
 */
export function createCainiaoPrintComponent(options: CainiaoPrintComponentOptions): PrintComponent {
  const { url } = options;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const previewTimeoutMs = options.previewTimeoutMs ?? 30_000;
  const backoff = options.backoff ?? defaultBackoff;
  const now = options.now ?? Date.now;
  const requestPrefix = randomBytes(4).toString('hex');

  const stateListeners = createListenerSet<ComponentState>();
  const documentListeners = createListenerSet<DocumentOutcome>();
  const taskListeners = createListenerSet<TaskOutcome>();
  const pending = new Map<string, PendingRequest>();
  const reported = new Map<string, DocumentOutcome['kind']>();

  let current: ComponentState = { kind: 'offline', url, reason: 'closed', detail: 'not started', retryInMs: null, since: now() };
  let started = false;
  let closing = false;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let requestCounter = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;

  function setState(next: ComponentState): void {
    current = next;
    stateListeners.emit(next);
  }

  function settle(requestId: string): PendingRequest | undefined {
    const entry = pending.get(requestId);
    if (entry) {
      pending.delete(requestId);
      clearTimeout(entry.timer);
    }
    return entry;
  }

  /** Sends one request on a given socket (the handshake runs before the state says connected). */
  function send(ws: WebSocket, cmd: string, extras: RawRecord, timeoutMs: number): Promise<RawRecord> {
    return new Promise((resolve, reject) => {
      if (ws.readyState !== WebSocket.OPEN) {
        reject(new PrintComponentError('offline', `the print component at ${url} is not connected`));
        return;
      }
      requestCounter += 1;
      const requestId = `${requestPrefix}-${requestCounter}`;
      const timer = setTimeout(() => {
        settle(requestId)?.reject(new PrintComponentError('timeout', `${cmd} got no reply within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(requestId, { socket: ws, resolve, reject, timer });
      ws.send(JSON.stringify({ cmd, requestID: requestId, version: CAINIAO_PROTOCOL_VERSION, ...extras }), (error) => {
        if (error) settle(requestId)?.reject(new PrintComponentError('disconnected', `${cmd} could not be sent: ${error.message}`));
      });
    });
  }

  /** A request on the current connection; fails at once, sending nothing, when not connected. */
  function request(cmd: string, extras: RawRecord = {}, timeoutMs = requestTimeoutMs): Promise<RawRecord> {
    if (current.kind !== 'connected' || !socket) {
      return Promise.reject(new PrintComponentError('offline', `the print component at ${url} is not connected`));
    }
    return send(socket, cmd, extras, timeoutMs);
  }

  /** A request whose `failed` status is an error (all but print, whose refusal is an answer). */
  async function command(cmd: string, extras: RawRecord = {}): Promise<RawRecord> {
    const reply = await request(cmd, extras);
    if (replyFailed(reply)) throw new PrintComponentError('refused', `${cmd}: ${replyMessage(reply) || 'failed'}`);
    return reply;
  }

  /** Reports a document outcome unless this (task, document) already reported it or a final one. */
  function reportDocument(outcome: DocumentOutcome): void {
    const key = `${outcome.taskId}\n${outcome.documentId}`;
    const before = reported.get(key);
    const fresh =
      outcome.kind === 'printed' ? before !== 'printed'
      : outcome.kind === 'failed' ? before === undefined || before === 'rendered'
      : before === undefined;
    if (!fresh) return;
    reported.delete(key);
    reported.set(key, outcome.kind);
    if (reported.size > reportedOutcomesLimit) reported.delete(reported.keys().next().value as string);
    documentListeners.emit(outcome);
  }

  function onMessage(data: WebSocket.RawData): void {
    let message: RawRecord | null;
    try {
      message = asRecord(JSON.parse(data.toString()));
    } catch {
      return; // Not JSON: nothing in the protocol; ignored.
    }
    if (!message) return;
    // Notices may echo the print request's requestID: they are recognized by cmd first. They are
    // delivered after the current turn, so that a print reply (settled through promises) always
    // reaches the caller before the notices that followed it on the wire.
    if (isNotification(message)) {
      const notice = readNotification(message);
      setImmediate(() => {
        for (const outcome of notice.documents) reportDocument(outcome);
        if (notice.task) taskListeners.emit(notice.task);
      });
      return;
    }
    // A reply whose request already timed out finds nothing: its task is settled by status queries.
    settle(readText(pick(message, 'requestID', 'requestId')))?.resolve(message);
  }

  function offlineReason(wasConnected: boolean, error: Error | null): OfflineReason {
    if (wasConnected) return 'connection-lost';
    return (error as NodeJS.ErrnoException | null)?.code === 'ECONNREFUSED' ? 'not-running' : 'handshake-failed';
  }

  function open(): void {
    reconnectTimer = null;
    setState({ kind: 'connecting', url, attempt });
    const ws = new WebSocket(url, { handshakeTimeout: requestTimeoutMs, perMessageDeflate: false, maxPayload: COMPONENT_MESSAGE_LIMIT_BYTES });
    socket = ws;
    let wasConnected = false;
    let lastError: Error | null = null;

    ws.on('message', onMessage);
    ws.on('error', (error) => {
      lastError = error;
    });
    ws.on('open', () => {
      Promise.all([send(ws, 'setGlobalConfig', { notifyOnTaskFailure: true }, requestTimeoutMs), send(ws, 'getAgentInfo', {}, requestTimeoutMs)]).then(
        ([config, agent]) => {
          if (ws !== socket || ws.readyState !== WebSocket.OPEN) return;
          wasConnected = true;
          attempt = 0;
          setState({ kind: 'connected', url, agentVersion: readOptionalText(readAgentInfo(agent).version), failureNotices: replySucceeded(config) });
        },
        (error: unknown) => {
          lastError = error instanceof Error ? error : new Error(String(error));
          ws.terminate();
        },
      );
    });
    ws.on('close', (code) => {
      for (const [requestId, entry] of pending) {
        if (entry.socket === ws) {
          settle(requestId);
          entry.reject(new PrintComponentError('disconnected', `the connection to the print component closed (code ${code})`));
        }
      }
      if (ws !== socket) return;
      socket = null;
      const detail = lastError?.message ?? `connection closed (code ${code})`;
      if (closing) {
        setState({ kind: 'offline', url, reason: 'closed', detail: 'closed by the station', retryInMs: null, since: now() });
        return;
      }
      const delay = backoffDelay(attempt, backoff, options.random);
      attempt += 1;
      setState({ kind: 'offline', url, reason: offlineReason(wasConnected, lastError), detail, retryInMs: delay, since: now() });
      reconnectTimer = setTimeout(open, delay);
    });
  }

  return {
    output: () => 'print-component',
    connect() {
      if (started) return;
      started = true;
      open();
    },
    async close() {
      closing = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const ws = socket;
      if (!ws) {
        if (current.kind !== 'offline' || current.reason !== 'closed') {
          setState({ kind: 'offline', url, reason: 'closed', detail: 'closed by the station', retryInMs: null, since: now() });
        }
        return;
      }
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        // A component that does not answer the closing handshake is cut off.
        const cutOff = setTimeout(() => ws.terminate(), 1_000);
        ws.once('close', () => clearTimeout(cutOff));
        if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
        else ws.close();
      });
    },
    state: () => current,
    onStateChange: (listener) => stateListeners.add(listener),
    onDocumentOutcome: (listener) => documentListeners.add(listener),
    onTaskOutcome: (listener) => taskListeners.add(listener),
    async getAgentInfo() {
      return readAgentInfo(await command('getAgentInfo'));
    },
    async getPrinters() {
      return readPrinterList(await command('getPrinters'));
    },
    async getPrinterConfig(printer) {
      const config = readPrinterConfig(await command('getPrinterConfig', { printer }));
      if (!config) throw new PrintComponentError('bad-reply', `getPrinterConfig for “${printer}” carried no printer object`);
      return config;
    },
    async setPrinterConfig(config) {
      await command('setPrinterConfig', { printer: wirePrinterConfig(config) });
    },
    async print(task) {
      return readPrintReply(await request('print', { task: wireTask(task, false) }), task.taskId);
    },
    async preview(task) {
      return readPreviewReply(await request('print', { task: wireTask(task, task.previewType) }, previewTimeoutMs), task.taskId);
    },
    async getTaskStatus(taskIds) {
      if (taskIds.length === 0) return [];
      return readTaskStatusReply(await command('getTaskStatus', { taskID: [...taskIds] }), taskIds);
    },
  };
}
