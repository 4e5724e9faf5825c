import { LABEL_SIZES_MM } from '../labels/label-input';
import type { LabelSize } from '../labels/label-input';
import type { LabelOffset, LabelRenderer } from '../labels/label-renderer';
import { carrierCodeOfWaybill, customAreaOrderDetails, printDocumentLayers } from '../labels/print-document-contents';
import { createListenerSet } from '../events/listener-set';
import { PrintComponentError } from '../printing/print-component';
import type {
  DocumentOutcome,
  DocumentStatus,
  PrintComponent,
  PrintDocument,
  PrintReply,
  TaskOutcome,
  TaskStatusReport,
} from '../printing/print-component';
import { backoffDelay, defaultBackoff } from '../printing/reconnect-backoff';
import type { BackoffOptions } from '../printing/reconnect-backoff';
import { createOsLabelPrinter, readLabelInput } from './os-label-printing';
import type { OsLabelContent } from './os-label-printing';
import { osPrintFailureOf } from './os-print-failure';
import type { OsPrintDocumentState, OsPrintStore, OsPrintTaskRecord } from './os-print-store';
import { osPrintFailure } from './os-printing-types';
import type { OsJobState, OsPrintAccepted, OsPrinting, OsPrintOutcome, OsPrintSystemStatus } from './os-printing-types';
import { CALIBRATION_LIMIT_MM, type ComponentState, type OfflineReason, type PaperSize, type PrinterConfig, type PrintFailure } from '../../shared/domain/printing';

/**
 * Printing labels of our own on an OS printer behind the same PrintComponent interface as the
 * carrier platform's component, so the print queue can target either. Each document's plain
 * print data (and custom area) is drawn by the label renderer as a PDF of the printer's label
 * size, moved by its offsets, and handed to the print system (CUPS or the Windows spooler).
 *
 * Notices follow the real component's meaning: `print` accepted means received; a document is
 * `rendered` once the print system took its job and `printed` only when the print system reports
 * the job completed (CUPS: the job-state, polled). The Windows spooler gives no job to follow:
 * there, `printed` means spooled, a weaker guarantee (a jam after spooling goes unnoticed).
 */

/** The OS print component's dependencies and timings. */
export interface OsPrintComponentOptions {
  printing: OsPrinting;
  renderer: LabelRenderer;
  /** Printer settings and the task → job mapping; the caller decides where they live. */
  store: OsPrintStore;
  /** Label size of a printer without a stored paper size; default 100×180. */
  defaultLabelSize?: LabelSize;
  /** How often jobs handed to the print system are asked about until they end; default 500 ms. */
  jobPollMs?: number;
  /** How often, while connected, the print system is checked; default 5 s. */
  healthCheckMs?: number;
  /** Delays between attempts while the print system does not answer; default 0.5 s doubling to 10 s, jittered. */
  backoff?: BackoffOptions;
  /** Source of jitter (tests make it fixed). */
  random?: () => number;
  now?: () => number;
}

/**
 * A print task is sent only if the print system answered this recently (else it is asked first):
 * a stopped cupsd then leaves tasks queued instead of failing them, without asking once per task.
 */
const recentAnswerMs = 1_000;
/** Printer config paper sizes this path draws, within this many millimetres. */
const paperSizeToleranceMm = 0.5;
/** The print component's code for a task or document without contents. */
const documentNotFound = { code: 11, detail: 'document not found' } as const;

/** The label size of a paper size, if it is one the renderer lays out. */
function labelSizeOf(paper: PaperSize | null): LabelSize | null {
  if (!paper) return null;
  const sizes = Object.keys(LABEL_SIZES_MM) as LabelSize[];
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= paperSizeToleranceMm;
  return sizes.find((size) => near(LABEL_SIZES_MM[size].width, paper.width) && near(LABEL_SIZES_MM[size].height, paper.height)) ?? null;
}

/** A final document state: nothing changes it any more. */
function isFinal(state: OsPrintDocumentState): boolean {
  return state.kind === 'printed' || state.kind === 'failed';
}

/** How one task's documents are drawn: captured when the task is received, so later config changes do not apply to it. */
interface TaskLayout {
  size: LabelSize;
  offset: LabelOffset;
}

/** Creates the component; call connect() to start. */
export function createOsPrintComponent(options: OsPrintComponentOptions): PrintComponent {
  const { printing, renderer, store } = options;
  const defaultLabelSize = options.defaultLabelSize ?? '100x180';
  const jobPollMs = options.jobPollMs ?? 500;
  const healthCheckMs = options.healthCheckMs ?? 5_000;
  const backoff = options.backoff ?? defaultBackoff;
  const now = options.now ?? Date.now;
  const url = `os-printing:${printing.name.toLowerCase().replace(/\W+/g, '-')}`;
  const labelPrinter = createOsLabelPrinter({ renderer, printing });

  const stateListeners = createListenerSet<ComponentState>();
  const documentListeners = createListenerSet<DocumentOutcome>();
  const taskListeners = createListenerSet<TaskOutcome>();

  let current: ComponentState = { kind: 'offline', url, reason: 'closed', detail: 'not started', retryInMs: null, since: now() };
  let started = false;
  let closing = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let healthTimer: NodeJS.Timeout | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  /** Tasks received by this run whose documents are still being handed to the print system. */
  const active = new Set<string>();
  /** Jobs followed until they end: job id → the task and document index it prints. */
  const watched = new Map<string, { taskId: string; index: number }>();
  /** Documents are handed over one after another, in the order received: labels come out in queue order. */
  let submissions: Promise<void> = Promise.resolve();
  /** When the print system last said it is available, and the question being asked now. */
  let answeredAt = Number.NEGATIVE_INFINITY;
  let asking: Promise<OsPrintSystemStatus> | null = null;

  function setState(next: ComponentState): void {
    current = next;
    stateListeners.emit(next);
  }

  function timer(callback: () => void, delayMs: number): NodeJS.Timeout {
    const handle = setTimeout(callback, delayMs);
    handle.unref();
    return handle;
  }

  function stopTimers(): void {
    for (const handle of [retryTimer, healthTimer, pollTimer]) if (handle) clearTimeout(handle);
    retryTimer = healthTimer = pollTimer = null;
  }

  function goOffline(reason: OfflineReason, detail: string, retry: boolean): void {
    stopTimers();
    const delay = retry ? backoffDelay(attempt, backoff, options.random) : null;
    attempt += 1;
    setState({ kind: 'offline', url, reason, detail, retryInMs: delay, since: now() });
    if (delay !== null) retryTimer = timer(probe, delay);
  }

  /** Asks the print system whether it is available; callers at the same time share one question. */
  function askStatus(): Promise<OsPrintSystemStatus> {
    asking ??= printing
      .status()
      .then((status) => {
        if (status.available) answeredAt = now();
        return status;
      })
      .finally(() => {
        asking = null;
      });
    return asking;
  }

  /** Asks the print system whether it answers: connected, or offline and tried again later. */
  function probe(): void {
    retryTimer = null;
    setState({ kind: 'connecting', url, attempt });
    void askStatus().then((status) => {
      if (closing) return;
      if (!status.available) {
        goOffline('not-running', status.detail, status.reason === 'not-running');
        return;
      }
      attempt = 0;
      setState({ kind: 'connected', url, agentVersion: [status.name, status.version].filter(Boolean).join(' '), failureNotices: true });
      healthTimer = timer(checkHealth, healthCheckMs);
      schedulePoll();
    });
  }

  function checkHealth(): void {
    healthTimer = null;
    void askStatus().then((status) => {
      if (closing || current.kind !== 'connected') return;
      if (status.available) healthTimer = timer(checkHealth, healthCheckMs);
      else goOffline('connection-lost', status.detail, status.reason === 'not-running');
    });
  }

  function requireConnected(): void {
    if (current.kind !== 'connected') throw new PrintComponentError('offline', `the print system (${printing.name}) is not available`);
  }

  /** Sends a notice after the current turn, so that a print reply always reaches the caller first. */
  function notify(outcome: DocumentOutcome): void {
    setImmediate(() => documentListeners.emit(outcome));
  }

  /**
   * Moves one document of a stored task to a new state, unless it is final already. Returns the
   * updated task, or null when nothing changed. Read and written in one turn: never a lost update.
   */
  function updateDocument(taskId: string, index: number, state: OsPrintDocumentState): OsPrintTaskRecord | null {
    const record = store.task(taskId);
    const document = record?.documents[index];
    if (!record || !document || isFinal(document.state)) return null;
    const next = { ...record, documents: record.documents.map((entry, at) => (at === index ? { ...entry, state } : entry)) };
    store.saveTask(next);
    return next;
  }

  /** A final state for a document, with its notice (once) and, when the whole task is done, the task's notice. */
  function settle(taskId: string, index: number, state: Extract<OsPrintDocumentState, { kind: 'printed' | 'failed' }>): void {
    const record = updateDocument(taskId, index, state);
    const document = record?.documents[index];
    if (!record || !document) return;
    const ids = { taskId, documentId: document.documentId, printer: record.printer };
    notify(state.kind === 'printed' ? { kind: 'printed', ...ids } : { kind: 'failed', ...ids, failure: state.failure });
    if (!record.documents.every((entry) => isFinal(entry.state))) return;
    const failed = record.documents.some((entry) => entry.state.kind === 'failed');
    setImmediate(() =>
      taskListeners.emit({
        taskId,
        status: failed ? 'complete-failure' : 'complete-success',
        rawStatus: failed ? 'completeFailure' : 'completeSuccess',
        message: '',
      }),
    );
  }

  function fail(taskId: string, index: number, failure: PrintFailure): void {
    settle(taskId, index, { kind: 'failed', failure });
  }

  /** What a job's state means for its document; in-progress and unknown jobs leave it as it is. */
  function applyJobState(taskId: string, index: number, jobId: string, state: OsJobState | undefined): void {
    if (!state || state.kind === 'in-progress') return;
    if (state.kind === 'completed') {
      settle(taskId, index, { kind: 'printed', jobId });
      return;
    }
    const printer = store.task(taskId)?.printer ?? '';
    const reason = `the print job ${jobId} was ${state.kind}${state.message ? ` (${state.message})` : ''}`;
    fail(taskId, index, osPrintFailureOf({ code: 'print.os-print-failed', params: { printer, reason } }, 'document'));
  }

  function schedulePoll(): void {
    if (!pollTimer && !closing && watched.size > 0 && current.kind === 'connected') pollTimer = timer(pollJobs, jobPollMs);
  }

  async function pollJobs(): Promise<void> {
    try {
      const states = await printing.jobStates([...watched.keys()]);
      if (closing) return;
      for (const [jobId, { taskId, index }] of watched) {
        const state = states.get(jobId);
        applyJobState(taskId, index, jobId, state);
        // A job the print system does not know cannot be followed; its task status stays unknown.
        if (state?.kind !== 'in-progress') watched.delete(jobId);
      }
    } catch {
      // Not answered: asked again on the next poll (the health check notices a print system that went away).
    }
    pollTimer = null;
    schedulePoll();
  }

  /** What a document's label is drawn from: its print data and the order its custom area carries. */
  function labelContentOf(document: PrintDocument): OsLabelContent {
    const { printData, customArea } = printDocumentLayers(document.contents);
    return {
      waybillCode: document.documentId,
      printData,
      order: customAreaOrderDetails(customArea),
      carrierCode: carrierCodeOfWaybill(document.documentId),
      printedAt: now(),
    };
  }

  async function submitDocument(record: OsPrintTaskRecord, index: number, document: PrintDocument, layout: TaskLayout): Promise<void> {
    const { taskId, printer } = record;
    if (document.contents.length === 0) {
      fail(taskId, index, { ...documentNotFound, source: 'document' });
      return;
    }
    updateDocument(taskId, index, { kind: 'submitting' });
    let outcome: OsPrintOutcome<OsPrintAccepted>;
    try {
      outcome = await labelPrinter.print({ ...labelContentOf(document), printer, size: layout.size, offset: layout.offset });
    } catch (error) {
      outcome = osPrintFailure('print.os-print-failed', { printer, reason: `the label could not be drawn: ${String(error)}` });
    }
    if (!outcome.ok) {
      fail(taskId, index, osPrintFailureOf(outcome.error, 'document'));
      return;
    }
    const { jobId } = outcome.data;
    updateDocument(taskId, index, { kind: 'submitted', jobId });
    notify({ kind: 'rendered', taskId, documentId: document.documentId, printer });
    if (printing.tracking === 'spooled') {
      settle(taskId, index, { kind: 'printed', jobId });
    } else if (jobId !== null) {
      watched.set(jobId, { taskId, index });
      schedulePoll();
    }
  }

  async function submitTask(record: OsPrintTaskRecord, documents: readonly PrintDocument[], layout: TaskLayout): Promise<void> {
    try {
      for (const [index, document] of documents.entries()) {
        // Closing leaves the rest pending: never handed over, so never printed.
        if (closing) return;
        await submitDocument(record, index, document, layout);
      }
    } finally {
      active.delete(record.taskId);
    }
  }

  /** The name of the printer a task names, or the system's default printer for an empty name. */
  async function resolvePrinter(printer: string): Promise<OsPrintOutcome<string>> {
    if (printer !== '') return { ok: true, data: printer };
    const listed = await printing.listPrinters();
    if (!listed.ok) return listed;
    const named = listed.data.find((candidate) => candidate.isDefault)?.name;
    return named === undefined ? osPrintFailure('print.os-printer-not-found', { printer: '' }) : { ok: true, data: named };
  }

  function configOf(printer: string): PrinterConfig {
    return (
      store.printerConfig(printer) ?? {
        name: printer,
        paperSize: { ...LABEL_SIZES_MM[defaultLabelSize] },
        horizontalOffset: 0,
        verticalOffset: 0,
        orientation: null,
        raw: {},
      }
    );
  }

  function layoutOf(printer: string): TaskLayout {
    const config = configOf(printer);
    return {
      size: labelSizeOf(config.paperSize) ?? defaultLabelSize,
      offset: { horizontalMm: config.horizontalOffset, verticalMm: config.verticalOffset },
    };
  }

  /** What a stored document's state says to a status query, given the states of the jobs asked about. */
  function documentStatus(taskId: string, state: OsPrintDocumentState, jobs: ReadonlyMap<string, OsJobState>): DocumentStatus {
    const handingOver = active.has(taskId);
    switch (state.kind) {
      case 'printed':
        return { kind: 'printed' };
      case 'failed':
        return { kind: 'failed', failure: { ...state.failure, source: 'status-query' } };
      case 'pending':
        // Left pending by an earlier run: it never reached the print system.
        return handingOver ? { kind: 'in-progress' } : { kind: 'not-found' };
      case 'submitting':
        return handingOver ? { kind: 'in-progress' } : { kind: 'unrecognized', rawStatus: 'interrupted while handed to the print system' };
      case 'submitted': {
        const job = state.jobId === null ? undefined : jobs.get(state.jobId);
        return job?.kind === 'in-progress' ? { kind: 'in-progress' } : { kind: 'unrecognized', rawStatus: 'job unknown to the print system' };
      }
    }
  }

  return {
    output: () => 'os-printer',
    connect() {
      if (started) return;
      started = true;
      probe();
    },
    async close() {
      closing = true;
      stopTimers();
      watched.clear();
      await submissions;
      if (current.kind !== 'offline' || current.reason !== 'closed') {
        setState({ kind: 'offline', url, reason: 'closed', detail: 'closed by the station', retryInMs: null, since: now() });
      }
    },
    state: () => current,
    onStateChange: (listener) => stateListeners.add(listener),
    onDocumentOutcome: (listener) => documentListeners.add(listener),
    onTaskOutcome: (listener) => taskListeners.add(listener),

    async getAgentInfo() {
      requireConnected();
      const status = await askStatus();
      if (!status.available) throw new PrintComponentError('offline', status.detail);
      return { version: status.version ?? '', message: `${status.name} at ${status.address}` };
    },

    async getPrinters() {
      requireConnected();
      const listed = await printing.listPrinters();
      if (!listed.ok) throw new PrintComponentError('refused', osPrintFailureOf(listed.error, 'print-reply').detail);
      return {
        defaultPrinter: listed.data.find((printer) => printer.isDefault)?.name ?? null,
        // The state, then CUPS's reasons (`disabled paused`, `idle media-empty-error`): the desk's header reads them all.
        printers: listed.data.map((printer) => ({ name: printer.name, status: [printer.state, ...(printer.reasons ?? [])].join(' ') })),
      };
    },

    // Printer settings are the station's own: read and written whatever the print system's state.
    getPrinterConfig: (printer) => Promise.resolve(configOf(printer)),

    async setPrinterConfig(config) {
      if (config.paperSize && !labelSizeOf(config.paperSize)) {
        const { width, height } = config.paperSize;
        throw new PrintComponentError('refused', `labels of our own are 76×130 or 100×180 mm, not ${width}×${height} mm`);
      }
      for (const [field, value] of [['horizontalOffset', config.horizontalOffset], ['verticalOffset', config.verticalOffset]] as const) {
        if (!Number.isFinite(value) || Math.abs(value) > CALIBRATION_LIMIT_MM) {
          throw new PrintComponentError('refused', `${field} must be between -${CALIBRATION_LIMIT_MM} and ${CALIBRATION_LIMIT_MM} mm, got ${value}`);
        }
      }
      store.savePrinterConfig({ ...config, paperSize: config.paperSize && { ...config.paperSize }, raw: { ...config.raw } });
    },

    async print(task): Promise<PrintReply> {
      requireConnected();
      const { taskId } = task;
      if (active.has(taskId) || store.task(taskId)) throw new PrintComponentError('refused', `task id ${taskId} was used before`);
      const refuse = (failure: PrintFailure): PrintReply => ({ taskId, accepted: false, failure });
      if (task.documents.length === 0) return refuse({ ...documentNotFound, source: 'print-reply' });
      active.add(taskId);
      try {
        // A print system that went away since the last health check: nothing is sent, the documents wait.
        const status = now() - answeredAt > recentAnswerMs ? await askStatus() : null;
        if (status && !status.available) {
          if (current.kind === 'connected') goOffline('connection-lost', status.detail, status.reason === 'not-running');
          throw new PrintComponentError('offline', status.detail);
        }
        const printer = await resolvePrinter(task.printer);
        if (!printer.ok) {
          active.delete(taskId);
          return refuse(osPrintFailureOf(printer.error, 'print-reply'));
        }
        const record: OsPrintTaskRecord = {
          taskId,
          printer: printer.data,
          createdAt: now(),
          documents: task.documents.map((document) => ({ documentId: document.documentId, state: { kind: 'pending' } })),
        };
        store.saveTask(record);
        const layout = layoutOf(printer.data);
        // A document whose handing over broke unexpectedly (its store could not be written) gets no
        // notice: the queue asks about it, hears it is unknown, and never prints it twice on a guess.
        submissions = submissions.then(() => submitTask(record, task.documents, layout)).catch(() => undefined);
        return { taskId, accepted: true };
      } catch (error) {
        active.delete(taskId);
        throw error;
      }
    },

    // Drawn by the renderer alone: a preview needs no print system.
    async preview(task) {
      const printer = await resolvePrinter(task.printer);
      const layout = layoutOf(printer.ok ? printer.data : '');
      const images: string[] = [];
      let pdfUrl: string | null = null;
      for (const document of task.documents) {
        const input = readLabelInput(labelContentOf(document));
        if (!input.ok) return { taskId: task.taskId, ok: false, failure: osPrintFailureOf(input.error, 'print-reply') };
        if (task.previewType === 'image') {
          const svg = renderer.renderSvg(input.data, layout.size, { offset: layout.offset });
          images.push(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
        } else {
          // One PDF answers a PDF preview, as with the print component: the first document's.
          const pdf = await renderer.renderPdf(input.data, layout.size, { offset: layout.offset });
          pdfUrl = `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}`;
          break;
        }
      }
      return { taskId: task.taskId, ok: true, previewImages: images, previewUrl: pdfUrl };
    },

    async getTaskStatus(taskIds) {
      requireConnected();
      const records = taskIds.map((taskId) => store.task(taskId));
      const jobIds = records.flatMap((record) =>
        (record?.documents ?? []).flatMap(({ state }) => (state.kind === 'submitted' && state.jobId !== null ? [state.jobId] : [])),
      );
      let jobs: ReadonlyMap<string, OsJobState> = new Map();
      if (jobIds.length > 0) {
        try {
          jobs = await printing.jobStates(jobIds);
        } catch (error) {
          throw new PrintComponentError('refused', `the print system did not say what became of the jobs: ${String(error)}`);
        }
      }
      return taskIds.map((taskId, at): TaskStatusReport => {
        const before = records[at];
        if (!before) return { taskId, answer: 'not-found', documents: [] };
        before.documents.forEach(({ state }, index) => {
          if (state.kind !== 'submitted' || state.jobId === null) return;
          const job = jobs.get(state.jobId);
          applyJobState(taskId, index, state.jobId, job);
          // A job still printing (an earlier run's, say) is followed from now on, so its notice comes.
          if (job?.kind === 'in-progress') watched.set(state.jobId, { taskId, index });
        });
        schedulePoll();
        const record = store.task(taskId) ?? before;
        return {
          taskId,
          answer: 'found',
          documents: record.documents.map(({ documentId, state }) => ({ documentId, status: documentStatus(taskId, state, jobs), printer: record.printer })),
        };
      });
    },
  };
}
