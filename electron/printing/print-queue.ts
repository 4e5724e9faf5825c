import { randomBytes, randomUUID } from 'node:crypto';
import { createListenerSet } from '../events/listener-set';
import { PrintComponentError } from './print-component';
import type {
  DocumentOutcome,
  PreviewReply,
  PrintComponent,
  PrintDocument,
  PrintReply,
  TaskOutcome,
  TaskStatusReport,
  Unsubscribe,
} from './print-component';
import { DOCUMENT_STATES } from './print-task-store';
import { MAX_AUTOMATIC_SENDS, type ComponentState, type DocumentState, type PrintFailure, type PrintQueueStatus, type RequeueResult } from '../../shared/domain/printing';
import type { PrintTaskStore } from './print-task-store';
import type { PrintDocumentRecord } from '../store/station-records';

/**
 * The print queue: every label the station prints goes through it, with an explicit state per
 * document (see DocumentState), saved before it takes effect: every change waits for its save
 * (a burst about to be sent is saved `sent` in one durable commit before its first task leaves),
 * and changes run one at a time, each on the state the previous one left. Tasks are sent back to back in
 * queue order while the component is connected; while it is not, documents wait (and the status
 * says so). A label is never printed twice on the station's own decision:
 * - only a task that never left the station (the component was not connected when it was to be
 *   written) is sent again by itself;
 * - a task that may have been written and whose outcome is not known is asked about with
 *   getTaskStatus; when the component cannot account for it (it does not know it — restarted and
 *   forgot, or never got it — or answers in a shape this client does not read) it stays unknown
 *   for the user to decide (resendUnknown);
 * - a task the component refused (no label can come of it) is sent again after a pause, but the
 *   queue sends one label at most MAX_AUTOMATIC_SENDS times by itself; then it waits for the user
 *   (retry); a document that failed at the printer waits for the user at once;
 * - a task is asked about, and sent again, only through the output it went to (print component or
 *   OS printer): after a switch it waits until its own output is chosen again.
 */

/** A document to queue: what the component gets, and whether its first layer is its waybill's stored print data (false when absent). */
export interface QueuedDocument extends PrintDocument {
  printDataOfWaybill?: boolean;
}

/** A print job: documents for one printer, in the order they must come out. */
export interface PrintJob {
  jobId: string;
  /** Printer name; empty means the component's default. */
  printer: string;
  documents: readonly QueuedDocument[];
  /** Documents per task; 1 (the default) keeps a failure to one label. */
  documentsPerTask?: number;
}

/** A record as shown outside the queue: without its print data. */
export type PrintDocumentView = Omit<PrintDocumentRecord, 'contents'>;

/** Why a document of a job was not queued. */
export interface RejectedDocument {
  documentId: string;
  /** `already-open`: the same waybill is already queued or in flight (a second label would be a double). */
  reason: 'already-open' | 'duplicate-in-job' | 'no-contents';
}

/** What enqueue did with a job. */
export interface EnqueueResult {
  queued: PrintDocumentView[];
  rejected: RejectedDocument[];
}

/** What the queue emits: a document's new state, and the whole status (coalesced). */
export type PrintQueueEvent = { kind: 'document'; document: PrintDocumentView } | { kind: 'status'; status: PrintQueueStatus };

/** The queue's dependencies and timings. */
export interface PrintQueueOptions {
  component: PrintComponent;
  store: PrintTaskStore;
  /** How often, while connected, unknown and long-silent accepted documents are asked about; default 3 s. */
  statusPollMs?: number;
  /** An accepted document with no notice for this long is asked about; default 20 s. */
  acceptedStaleMs?: number;
  /** Pause before a task the component refused is sent again by itself; default 2 s. */
  refusedResendMs?: number;
  now?: () => number;
  /** Told when a change the queue made by itself could not be saved: it did not take effect (the state stays as saved). */
  onError?: (error: unknown) => void;
  /** Task ids must be unique for the component's lifetime (it keeps a history); default: time + random + counter. */
  newTaskId?: () => string;
}

/** The print queue. */
export interface PrintQueue {
  /** Queues a job's documents (saved as `queued`) and sends them as soon as the component is connected. */
  enqueue(job: PrintJob): Promise<EnqueueResult>;
  /** Queues failed documents again (the user asked to reprint them), optionally on another printer. */
  retry(recordIds: readonly string[], printer?: string): Promise<RequeueResult>;
  /**
   * Takes queued documents back before they are sent (the user cancelled the rest of a job whose
   * printer stopped): they become failed, "withdrawn", and print only when asked again.
   */
  withdraw(recordIds: readonly string[]): Promise<RequeueResult>;
  /**
   * Queues again unknown documents the component has been asked about and could not account for,
   * once the user has checked the desk and the labels are not there. Never done by the queue itself,
   * and refused (`other-output`) for a label sent to an output other than the current one.
   */
  resendUnknown(recordIds: readonly string[]): Promise<RequeueResult>;
  /** An image preview of documents (`preview: true, previewType: "image"`); nothing is printed or queued. */
  preview(request: { printer: string; documents: readonly PrintDocument[] }): Promise<PreviewReply>;
  /** Asks the component about unknown (and long-silent accepted) documents now; also runs on each reconnect and periodically. */
  reconcile(): Promise<void>;
  /**
   * Loads the open documents the store holds and this queue does not know yet (those that waited
   * for their gateway to be set again), as at start, and sends them in order; answers how many.
   */
  loadWaiting(): Promise<number>;
  /** Resolves once every change asked of the queue so far (its first load included) is saved and applied. */
  idle(): Promise<void>;
  document(recordId: string): PrintDocumentView | undefined;
  /** Every document this queue knows, in queue order. */
  documents(): PrintDocumentView[];
  status(): PrintQueueStatus;
  onEvent(listener: (event: PrintQueueEvent) => void): Unsubscribe;
  /** Stops listening to the component and polling; the component itself stays as it is. */
  close(): void;
}

/** States in which the component may still be working on the document. */
const inFlight = new Set<DocumentState>(['sent', 'accepted', 'unknown']);
/** States in which a second record of the same waybill would risk a second label. */
const open = new Set<DocumentState>(['queued', 'sent', 'accepted', 'unknown']);
/** Documents of at most this many tasks are asked about in one getTaskStatus. */
const statusQueryBatch = 50;

/** Default task ids: a per-run prefix from the clock and randomness, then a counter. */
function taskIdGenerator(): () => string {
  const prefix = `wps-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  let counter = 0;
  return () => {
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}

function view(record: PrintDocumentRecord): PrintDocumentView {
  const { contents: _contents, ...rest } = record;
  return rest;
}

/** Creates the queue; documents saved as not yet printed are loaded, and those in flight become unknown. */
export function createPrintQueue(options: PrintQueueOptions): PrintQueue {
  const { component, store } = options;
  const now = options.now ?? Date.now;
  const newTaskId = options.newTaskId ?? taskIdGenerator();
  const statusPollMs = options.statusPollMs ?? 3_000;
  const acceptedStaleMs = options.acceptedStaleMs ?? 20_000;
  const refusedResendMs = options.refusedResendMs ?? 2_000;
  const events = createListenerSet<PrintQueueEvent>();

  const records = new Map<string, PrintDocumentRecord>();
  /** Ids of queued records, in seq order. */
  const queued: string[] = [];
  /** taskId → documentId → record id, for every task sent and not yet printed (late notices of earlier attempts count too). */
  const byTask = new Map<string, Map<string, string>>();
  /** Record id → every task that carried it. */
  const tasksOf = new Map<string, string[]>();
  /** Waybill number → the record that may still print it. */
  const openByDocument = new Map<string, string>();
  /** Queued records pausing after a refusal: kept out of the send order until their timer ends. */
  const resting = new Map<string, NodeJS.Timeout>();
  let nextSeq = 0;
  /** The tail of the changes, which run one at a time. */
  let changes: Promise<unknown> = Promise.resolve();
  let reconciling: Promise<void> | null = null;
  let statusScheduled = false;
  let closed = false;

  function indexTask(record: PrintDocumentRecord, taskId: string): void {
    let documents = byTask.get(taskId);
    if (!documents) byTask.set(taskId, (documents = new Map()));
    documents.set(record.documentId, record.id);
    tasksOf.set(record.id, [...(tasksOf.get(record.id) ?? []), taskId]);
  }

  /** A printed document needs no routing any more. */
  function unindex(recordId: string): void {
    for (const taskId of tasksOf.get(recordId) ?? []) {
      const documents = byTask.get(taskId);
      documents?.forEach((id, documentId) => {
        if (id === recordId) documents.delete(documentId);
      });
      if (documents?.size === 0) byTask.delete(taskId);
    }
    tasksOf.delete(recordId);
  }

  function insertQueued(record: PrintDocumentRecord): void {
    let low = 0;
    let high = queued.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((records.get(queued[middle] as string) as PrintDocumentRecord).seq < record.seq) low = middle + 1;
      else high = middle;
    }
    queued.splice(low, 0, record.id);
  }

  function counts(): Record<DocumentState, number> {
    const result = Object.fromEntries(DOCUMENT_STATES.map((state) => [state, 0])) as Record<DocumentState, number>;
    for (const record of records.values()) result[record.state] += 1;
    return result;
  }

  /** Whether the record may be asked about now: its task went to the current output (or to one not recorded, before outputs were kept). */
  function onCurrentOutput(record: PrintDocumentRecord): boolean {
    return record.output === null || record.output === component.output();
  }

  function status(): PrintQueueStatus {
    const connection = component.state();
    const output = component.output();
    let waitingForOtherOutput = 0;
    for (const record of records.values()) if (inFlight.has(record.state) && !onCurrentOutput(record)) waitingForOtherOutput += 1;
    return { component: connection, counts: counts(), waitingForComponent: connection.kind === 'connected' ? 0 : queued.length, output, waitingForOtherOutput };
  }

  /** Keeps the record in memory, its queue position and the open-waybill index in step with its state. */
  function place(record: PrintDocumentRecord, before: DocumentState | null): void {
    if (before === 'queued' && record.state !== 'queued') queued.splice(queued.indexOf(record.id), 1);
    if (record.state === 'printed') unindex(record.id);
    records.set(record.id, record.state === 'printed' ? { ...record, contents: [] } : record);
    if (record.state === 'queued' && before !== 'queued' && !resting.has(record.id)) insertQueued(record);
    if (open.has(record.state)) openByDocument.set(record.documentId, record.id);
    else if (openByDocument.get(record.documentId) === record.id) openByDocument.delete(record.documentId);
  }

  function scheduleStatus(): void {
    if (statusScheduled) return;
    statusScheduled = true;
    queueMicrotask(() => {
      statusScheduled = false;
      events.emit({ kind: 'status', status: status() });
    });
  }

  /**
   * Runs a change after those asked before it: each reads the state the previous one left, and
   * nothing acts on a state before its save is done. A change never waits for another (no deadlock).
   */
  function serially<T>(change: () => Promise<T>): Promise<T> {
    const run = changes.then(change);
    changes = run.catch(() => undefined);
    return run;
  }

  /** Runs a change the queue makes by itself (nobody awaits it): a failed save is told, never thrown into the void. */
  function inBackground(change: () => Promise<unknown>): void {
    serially(change).catch((error: unknown) => options.onError?.(error));
  }

  /** A record with a change, as it will be saved. */
  const changed = (record: PrintDocumentRecord, change: Partial<PrintDocumentRecord>): PrintDocumentRecord => ({ ...record, ...change, updatedAt: now() });

  /** Takes a saved record into memory (print data dropped once printed) and announces it. */
  function apply(next: PrintDocumentRecord, before: DocumentState | null): void {
    place(next, before);
    events.emit({ kind: 'document', document: view(next) });
    scheduleStatus();
  }

  /** Applies a change: saved first, then in memory, then announced. */
  async function update(record: PrintDocumentRecord, change: Partial<PrintDocumentRecord>): Promise<PrintDocumentRecord> {
    const next = changed(record, change);
    await store.save(next);
    apply(next, record.state);
    return next;
  }

  /** The records a task carried that are still on that task. */
  function recordsOfTask(taskId: string): PrintDocumentRecord[] {
    return [...(byTask.get(taskId)?.values() ?? [])]
      .map((id) => records.get(id))
      .filter((record): record is PrintDocumentRecord => record !== undefined && record.taskId === taskId);
  }

  /** A refused task's document waits `refusedResendMs` as queued, then takes its place in the send order again. */
  async function resendAfterPause(record: PrintDocumentRecord, failure: PrintFailure): Promise<void> {
    const timer = setTimeout(() => {
      inBackground(async () => {
        resting.delete(record.id);
        const now = records.get(record.id);
        if (closed || now?.state !== 'queued') return;
        insertQueued(now);
        pump();
      });
    }, refusedResendMs);
    timer.unref();
    resting.set(record.id, timer);
    await update(record, { state: 'queued', failure });
  }

  async function onReply(taskId: string, reply: PrintReply): Promise<void> {
    for (const record of recordsOfTask(taskId)) {
      if (record.state !== 'sent') continue;
      if (reply.accepted) await update(record, { state: 'accepted', received: true });
      // A refused task left no label: sent again by itself, up to the limit; then the user decides.
      else if (record.automaticSends < MAX_AUTOMATIC_SENDS) await resendAfterPause(record, reply.failure);
      else await update(record, { state: 'failed', failure: reply.failure });
    }
  }

  async function onSendError(taskId: string, error: unknown): Promise<void> {
    // `offline` means nothing was written to the component: the documents simply wait again, as if never sent.
    const neverSent = error instanceof PrintComponentError && error.kind === 'offline';
    for (const record of recordsOfTask(taskId)) {
      if (record.state !== 'sent') continue;
      await update(record, neverSent ? { state: 'queued', attempts: record.attempts - 1, automaticSends: record.automaticSends - 1, output: null } : { state: 'unknown' });
    }
  }

  /** Sends what is queued, once the changes asked before have run. */
  function pump(): void {
    inBackground(sendQueued);
  }

  async function sendQueued(): Promise<void> {
    const output = component.output();
    if (closed || reconciling || output === null || component.state().kind !== 'connected' || queued.length === 0) return;
    // Every task of the burst is recorded `sent` in one durable commit, before the first of them leaves.
    const tasks: { taskId: string; printer: string; records: { before: PrintDocumentRecord; sent: PrintDocumentRecord }[] }[] = [];
    const waiting = [...queued];
    while (waiting.length > 0) {
      const first = records.get(waiting[0] as string) as PrintDocumentRecord;
      const group = [first];
      for (const id of waiting.slice(1, first.documentsPerTask)) {
        const next = records.get(id) as PrintDocumentRecord;
        if (next.jobId !== first.jobId || next.printer !== first.printer) break;
        group.push(next);
      }
      waiting.splice(0, group.length);
      const taskId = newTaskId();
      // A new task: what the component said about an earlier one no longer settles this document.
      const sent = group.map((record) => ({
        before: record,
        sent: changed(record, { state: 'sent', taskId, output, attempts: record.attempts + 1, automaticSends: record.automaticSends + 1, failure: null, rendered: false, statusAskedAt: null }),
      }));
      tasks.push({ taskId, printer: first.printer, records: sent });
    }
    await store.saveAll(tasks.flatMap((task) => task.records.map((record) => record.sent)));
    for (const task of tasks) {
      for (const { before, sent } of task.records) {
        indexTask(sent, task.taskId);
        apply(sent, before.state);
      }
    }
    for (const { taskId, printer, records: sent } of tasks) {
      component.print({ taskId, printer, documents: sent.map(({ sent: record }) => ({ documentId: record.documentId, contents: record.contents })) }).then(
        (reply) => inBackground(() => onReply(taskId, reply)),
        (error: unknown) => inBackground(() => onSendError(taskId, error)),
      );
    }
  }

  async function onDocumentOutcome(outcome: DocumentOutcome): Promise<void> {
    const id = byTask.get(outcome.taskId)?.get(outcome.documentId);
    const record = id === undefined ? undefined : records.get(id);
    if (!record || record.state === 'printed') return;
    const current = record.taskId === outcome.taskId;
    if (outcome.kind === 'printed') {
      // A printed notice is the proof a label exists, even from an earlier attempt.
      await update(record, { state: 'printed', received: true, rendered: true, failure: null });
    } else if (outcome.kind === 'rendered') {
      if (current && inFlight.has(record.state)) await update(record, { state: 'accepted', received: true, rendered: true });
    } else if (current && (inFlight.has(record.state) || (record.state === 'failed' && record.failure?.source === 'task'))) {
      // A document's own failure replaces a whole-task one: it says what went wrong.
      await update(record, { state: 'failed', received: true, failure: outcome.failure });
    }
  }

  async function onTaskOutcome(outcome: TaskOutcome): Promise<void> {
    if (outcome.status !== 'complete-failure') return;
    const failure: PrintFailure = { code: null, detail: outcome.message || `task ${outcome.rawStatus}`, source: 'task' };
    for (const record of recordsOfTask(outcome.taskId)) {
      if (inFlight.has(record.state)) await update(record, { state: 'failed', received: true, failure });
    }
  }

  function onComponentState(state: ComponentState): void {
    if (state.kind === 'connected') {
      void reconcile();
    } else {
      // Notices of accepted tasks went to the old connection: their outcome is unknown until asked.
      inBackground(async () => {
        for (const record of [...records.values()]) if (record.state === 'accepted') await update(record, { state: 'unknown' });
      });
    }
    scheduleStatus();
  }

  async function applyReport(report: TaskStatusReport, askedAt: number): Promise<void> {
    for (const record of recordsOfTask(report.taskId)) {
      if (record.state !== 'unknown' && record.state !== 'accepted') continue;
      const asked = { statusAskedAt: askedAt };
      const status = report.answer === 'found' ? report.documents.find((document) => document.documentId === record.documentId)?.status : undefined;
      // Not known to the component (never received, or forgotten in a restart), an answer this
      // client cannot read, a word it does not know: the task may have printed. The user decides.
      if (!status || status.kind === 'unrecognized' || status.kind === 'not-found') {
        await update(record, { ...asked, state: 'unknown' });
      } else if (status.kind === 'printed') {
        await update(record, { ...asked, state: 'printed', received: true, failure: null });
      } else if (status.kind === 'failed') {
        await update(record, { ...asked, state: 'failed', received: true, failure: status.failure });
      } else {
        await update(record, { ...asked, state: 'accepted', received: true });
      }
    }
  }

  function reconcile(): Promise<void> {
    if (reconciling) return reconciling;
    if (component.state().kind !== 'connected') return Promise.resolve();
    const run = async (): Promise<void> => {
      const askedAt = now();
      // The tasks to ask about, once the changes asked before (the first load among them) have run.
      const all = await serially(async () => {
        const taskIds = new Set<string>();
        for (const record of records.values()) {
          const stale = record.state === 'accepted' && askedAt - record.updatedAt >= acceptedStaleMs;
          // A task is asked about only through the output it went to: after a switch it waits for its own.
          if (record.taskId !== null && (record.state === 'unknown' || stale) && onCurrentOutput(record)) taskIds.add(record.taskId);
        }
        return [...taskIds];
      });
      for (let start = 0; start < all.length && !closed; start += statusQueryBatch) {
        const reports = await component.getTaskStatus(all.slice(start, start + statusQueryBatch));
        await serially(async () => {
          for (const report of reports) await applyReport(report, askedAt);
        });
      }
    };
    reconciling = run()
      .catch(() => undefined) // Still unknown: asked again on the next poll or reconnect.
      .finally(() => {
        reconciling = null;
        pump();
      });
    return reconciling;
  }

  async function requeue(recordIds: readonly string[], allowed: (record: PrintDocumentRecord) => boolean, printer?: string): Promise<RequeueResult> {
    const result: RequeueResult = { requeued: [], refused: [] };
    for (const id of recordIds) {
      const record = records.get(id);
      // An unknown record is itself the open one of its waybill: only another open record makes a resend a double.
      const openRecord = record && openByDocument.get(record.documentId);
      const reason =
        !record ? 'missing'
        : record.state === 'unknown' && !onCurrentOutput(record) ? 'other-output'
        : !allowed(record) ? 'state'
        : openRecord !== undefined && openRecord !== record.id ? 'already-open'
        : null;
      if (reason || !record) {
        result.refused.push({ id, reason: reason ?? 'missing', state: record?.state ?? null });
        continue;
      }
      // The user's decision: a fresh allowance of automatic sends, through whichever output is chosen now.
      await update(record, { state: 'queued', failure: null, received: false, rendered: false, automaticSends: 0, output: null, ...(printer === undefined ? {} : { printer }) });
      result.requeued.push(id);
    }
    pump();
    return result;
  }

  /** Takes the store's open documents this queue does not know; those in flight become unknown. */
  async function loadOpen(): Promise<number> {
    let loadedCount = 0;
    for (const loaded of await store.loadOpen()) {
      if (records.has(loaded.id)) continue;
      const record = inFlight.has(loaded.state) && loaded.state !== 'unknown' ? { ...loaded, state: 'unknown' as const } : loaded;
      if (record !== loaded) await store.save(record);
      place(record, null);
      nextSeq = Math.max(nextSeq, record.seq + 1);
      if (record.taskId !== null) indexTask(record, record.taskId);
      loadedCount += 1;
    }
    return loadedCount;
  }
  inBackground(loadOpen);

  const unsubscribe = [
    component.onStateChange(onComponentState),
    component.onDocumentOutcome((outcome) => inBackground(() => onDocumentOutcome(outcome))),
    component.onTaskOutcome((outcome) => inBackground(() => onTaskOutcome(outcome))),
  ];
  const poll = setInterval(() => {
    if (!reconciling) void reconcile();
  }, statusPollMs);
  poll.unref();
  if (component.state().kind === 'connected') void reconcile();

  return {
    enqueue: (job) => serially(async () => {
      const result: EnqueueResult = { queued: [], rejected: [] };
      const inJob = new Set<string>();
      for (const document of job.documents) {
        const reason =
          inJob.has(document.documentId) ? 'duplicate-in-job'
          : openByDocument.has(document.documentId) ? 'already-open'
          : document.contents.length === 0 ? 'no-contents'
          : null;
        if (reason) {
          result.rejected.push({ documentId: document.documentId, reason });
          continue;
        }
        inJob.add(document.documentId);
        const record: PrintDocumentRecord = {
          id: randomUUID(),
          jobId: job.jobId,
          seq: nextSeq++,
          documentId: document.documentId,
          printer: job.printer,
          contents: document.contents,
          printDataOfWaybill: document.printDataOfWaybill ?? false,
          documentsPerTask: Math.max(1, Math.floor(job.documentsPerTask ?? 1)),
          state: 'queued',
          taskId: null,
          attempts: 0,
          automaticSends: 0,
          output: null,
          received: false,
          rendered: false,
          failure: null,
          updatedAt: now(),
          statusAskedAt: null,
        };
        await store.save(record);
        place(record, null);
        events.emit({ kind: 'document', document: view(record) });
        result.queued.push(view(record));
      }
      scheduleStatus();
      pump();
      return result;
    }),
    retry: (recordIds, printer) => serially(() => requeue(recordIds, (record) => record.state === 'failed', printer)),
    withdraw: (recordIds) => serially(async () => {
      const result: RequeueResult = { requeued: [], refused: [] };
      for (const id of recordIds) {
        const record = records.get(id);
        if (record?.state !== 'queued') {
          result.refused.push({ id, reason: record ? 'state' : 'missing', state: record?.state ?? null });
          continue;
        }
        await update(record, { state: 'failed', failure: { code: null, detail: 'withdrawn before it was sent', source: 'withdrawn' } });
        result.requeued.push(id);
      }
      return result;
    }),
    resendUnknown: (recordIds) => serially(() => requeue(recordIds, (record) => record.state === 'unknown' && record.statusAskedAt !== null)),
    preview: ({ printer, documents }) => component.preview({ taskId: newTaskId(), printer, documents, previewType: 'image' }),
    reconcile,
    loadWaiting: () => serially(async () => {
      const loaded = await loadOpen();
      if (loaded > 0) {
        scheduleStatus();
        void reconcile();
        pump();
      }
      return loaded;
    }),
    async idle() {
      // A change may ask for more (a send after a queueing): wait until none is left.
      for (let seen = changes; ; seen = changes) {
        await seen;
        if (seen === changes) return;
      }
    },
    document(recordId) {
      const record = records.get(recordId);
      return record && view(record);
    },
    documents: () => [...records.values()].sort((a, b) => a.seq - b.seq).map(view),
    status,
    onEvent: (listener) => events.add(listener),
    close() {
      closed = true;
      clearInterval(poll);
      for (const timer of resting.values()) clearTimeout(timer);
      resting.clear();
      for (const stop of unsubscribe) stop();
    },
  };
}
