import { randomBytes, randomUUID } from 'node:crypto';
import { createListenerSet } from '../events/listener-set';
import { PrintComponentError } from './print-component';
import type {
  ComponentState,
  DocumentOutcome,
  PreviewReply,
  PrintComponent,
  PrintDocument,
  PrintFailure,
  PrintReply,
  TaskOutcome,
  TaskStatusReport,
  Unsubscribe,
} from './print-component';
import { DOCUMENT_STATES } from './print-task-store';
import type { DocumentState, PrintDocumentRecord, PrintTaskStore } from './print-task-store';
import type { RequeueResult } from '../../shared/domain/printing';
import type { PrintQueueStatus } from '../../shared/domain/printing';

export type { PrintQueueStatus } from '../../shared/domain/printing';

export type { RequeueResult } from '../../shared/domain/printing';

/**
 * The print queue: every label the station prints goes through it, with an explicit state per
 * document (see DocumentState), saved before it takes effect. Tasks are sent back to back in
 * queue order while the component is connected; while it is not, documents wait (and the status
 * says so). What happened to a task whose connection dropped is asked with getTaskStatus after
 * the reconnect: only a task the component says it never received is sent again by itself; a
 * failed one only when asked to (retry).
 */

/** A print job: documents for one printer, in the order they must come out. */
export interface PrintJob {
  jobId: string;
  /** Printer name; empty means the component's default. */
  printer: string;
  documents: readonly PrintDocument[];
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
  now?: () => number;
  /** Task ids must be unique for the component's lifetime (it keeps a history); default: time + random + counter. */
  newTaskId?: () => string;
}

/** The print queue. */
export interface PrintQueue {
  /** Queues a job's documents (saved as `queued`) and sends them as soon as the component is connected. */
  enqueue(job: PrintJob): EnqueueResult;
  /** Queues failed documents again (the user asked to reprint them), optionally on another printer. */
  retry(recordIds: readonly string[], printer?: string): RequeueResult;
  /**
   * Takes queued documents back before they are sent (the user cancelled the rest of a job whose
   * printer stopped): they become failed, "withdrawn", and print only when asked again.
   */
  withdraw(recordIds: readonly string[]): RequeueResult;
  /**
   * Queues again unknown documents the component has been asked about and could not account for,
   * once the user has checked the desk and the labels are not there. Never done by the queue itself.
   */
  resendUnknown(recordIds: readonly string[]): RequeueResult;
  /** An image preview of documents (`preview: true, previewType: "image"`); nothing is printed or queued. */
  preview(request: { printer: string; documents: readonly PrintDocument[] }): Promise<PreviewReply>;
  /** Asks the component about unknown (and long-silent accepted) documents now; also runs on each reconnect and periodically. */
  reconcile(): Promise<void>;
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
  let nextSeq = 0;
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

  function status(): PrintQueueStatus {
    const connection = component.state();
    return { component: connection, counts: counts(), waitingForComponent: connection.kind === 'connected' ? 0 : queued.length };
  }

  /** Keeps the record in memory, its queue position and the open-waybill index in step with its state. */
  function place(record: PrintDocumentRecord, before: DocumentState | null): void {
    if (before === 'queued' && record.state !== 'queued') queued.splice(queued.indexOf(record.id), 1);
    if (record.state === 'printed') unindex(record.id);
    records.set(record.id, record.state === 'printed' ? { ...record, contents: [] } : record);
    if (record.state === 'queued' && before !== 'queued') insertQueued(record);
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

  /** Applies a change: saved first, then in memory (print data dropped once printed), then announced. */
  function update(record: PrintDocumentRecord, change: Partial<PrintDocumentRecord>): PrintDocumentRecord {
    const next: PrintDocumentRecord = { ...record, ...change, updatedAt: now() };
    store.save(next);
    place(next, record.state);
    events.emit({ kind: 'document', document: view(next) });
    scheduleStatus();
    return next;
  }

  /** The records a task carried that are still on that task. */
  function recordsOfTask(taskId: string): PrintDocumentRecord[] {
    return [...(byTask.get(taskId)?.values() ?? [])]
      .map((id) => records.get(id))
      .filter((record): record is PrintDocumentRecord => record !== undefined && record.taskId === taskId);
  }

  function onReply(taskId: string, reply: PrintReply): void {
    for (const record of recordsOfTask(taskId)) {
      if (record.state !== 'sent') continue;
      if (reply.accepted) update(record, { state: 'accepted', received: true });
      else update(record, { state: 'failed', failure: reply.failure });
    }
  }

  function onSendError(taskId: string, error: unknown): void {
    // `offline` means nothing left the station: the documents simply wait again.
    const neverSent = error instanceof PrintComponentError && error.kind === 'offline';
    for (const record of recordsOfTask(taskId)) {
      if (record.state === 'sent') update(record, neverSent ? { state: 'queued', attempts: record.attempts - 1 } : { state: 'unknown' });
    }
  }

  function pump(): void {
    if (closed || reconciling || component.state().kind !== 'connected') return;
    while (queued.length > 0) {
      const first = records.get(queued[0] as string) as PrintDocumentRecord;
      const group = [first];
      for (const id of queued.slice(1, first.documentsPerTask)) {
        const next = records.get(id) as PrintDocumentRecord;
        if (next.jobId !== first.jobId || next.printer !== first.printer) break;
        group.push(next);
      }
      const taskId = newTaskId();
      const documents = group.map((record) => {
        indexTask(record, taskId);
        // A new task: what the component said about an earlier one no longer settles this document.
        const sent = update(record, { state: 'sent', taskId, attempts: record.attempts + 1, failure: null, rendered: false, statusAskedAt: null });
        return { documentId: sent.documentId, contents: sent.contents };
      });
      component.print({ taskId, printer: first.printer, documents }).then(
        (reply) => onReply(taskId, reply),
        (error: unknown) => onSendError(taskId, error),
      );
    }
  }

  function onDocumentOutcome(outcome: DocumentOutcome): void {
    const id = byTask.get(outcome.taskId)?.get(outcome.documentId);
    const record = id === undefined ? undefined : records.get(id);
    if (!record || record.state === 'printed') return;
    const current = record.taskId === outcome.taskId;
    if (outcome.kind === 'printed') {
      // A printed notice is the proof a label exists, even from an earlier attempt.
      update(record, { state: 'printed', received: true, rendered: true, failure: null });
    } else if (outcome.kind === 'rendered') {
      if (current && inFlight.has(record.state)) update(record, { state: 'accepted', received: true, rendered: true });
    } else if (current && (inFlight.has(record.state) || (record.state === 'failed' && record.failure?.source === 'task'))) {
      // A document's own failure replaces a whole-task one: it says what went wrong.
      update(record, { state: 'failed', received: true, failure: outcome.failure });
    }
  }

  function onTaskOutcome(outcome: TaskOutcome): void {
    if (outcome.status !== 'complete-failure') return;
    const failure: PrintFailure = { code: null, detail: outcome.message || `task ${outcome.rawStatus}`, source: 'task' };
    for (const record of recordsOfTask(outcome.taskId)) {
      if (inFlight.has(record.state)) update(record, { state: 'failed', received: true, failure });
    }
  }

  function onComponentState(state: ComponentState): void {
    if (state.kind === 'connected') {
      void reconcile();
    } else {
      // Notices of accepted tasks went to the old connection: their outcome is unknown until asked.
      for (const record of records.values()) if (record.state === 'accepted') update(record, { state: 'unknown' });
    }
    scheduleStatus();
  }

  function applyReport(report: TaskStatusReport, askedAt: number): void {
    for (const record of recordsOfTask(report.taskId)) {
      if (record.state !== 'unknown' && record.state !== 'accepted') continue;
      const asked = { statusAskedAt: askedAt };
      const entry = report.found ? report.documents.find((document) => document.documentId === record.documentId) : undefined;
      const status = report.found ? entry?.status : ({ kind: 'not-found' } as const);
      if (!status || status.kind === 'unrecognized') {
        update(record, { ...asked, state: 'unknown' });
      } else if (status.kind === 'printed') {
        update(record, { ...asked, state: 'printed', received: true, failure: null });
      } else if (status.kind === 'failed') {
        update(record, { ...asked, state: 'failed', received: true, failure: status.failure });
      } else if (status.kind === 'in-progress') {
        update(record, { ...asked, state: 'accepted', received: true });
      } else if (record.received) {
        // "Not found" for a task the component once accepted contradicts itself: never a reason to print twice.
        update(record, { ...asked, state: 'unknown' });
      } else {
        update(record, { ...asked, state: 'queued' });
      }
    }
  }

  function reconcile(): Promise<void> {
    if (reconciling) return reconciling;
    if (component.state().kind !== 'connected') return Promise.resolve();
    const run = async (): Promise<void> => {
      const askedAt = now();
      const taskIds = new Set<string>();
      for (const record of records.values()) {
        const stale = record.state === 'accepted' && askedAt - record.updatedAt >= acceptedStaleMs;
        if (record.taskId !== null && (record.state === 'unknown' || stale)) taskIds.add(record.taskId);
      }
      const all = [...taskIds];
      for (let start = 0; start < all.length && !closed; start += statusQueryBatch) {
        const reports = await component.getTaskStatus(all.slice(start, start + statusQueryBatch));
        for (const report of reports) applyReport(report, askedAt);
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

  function requeue(recordIds: readonly string[], allowed: (record: PrintDocumentRecord) => boolean, printer?: string): RequeueResult {
    const result: RequeueResult = { requeued: [], refused: [] };
    for (const id of recordIds) {
      const record = records.get(id);
      // An unknown record is itself the open one of its waybill: only another open record makes a resend a double.
      const openRecord = record && openByDocument.get(record.documentId);
      const reason = !record ? 'missing' : !allowed(record) ? 'state' : openRecord !== undefined && openRecord !== record.id ? 'already-open' : null;
      if (reason || !record) {
        result.refused.push({ id, reason: reason ?? 'missing', state: record?.state ?? null });
        continue;
      }
      update(record, { state: 'queued', failure: null, received: false, rendered: false, ...(printer === undefined ? {} : { printer }) });
      result.requeued.push(id);
    }
    pump();
    return result;
  }

  for (const loaded of store.loadOpen()) {
    const record = inFlight.has(loaded.state) && loaded.state !== 'unknown' ? { ...loaded, state: 'unknown' as const } : loaded;
    if (record !== loaded) store.save(record);
    place(record, null);
    nextSeq = Math.max(nextSeq, record.seq + 1);
    if (record.taskId !== null) indexTask(record, record.taskId);
  }

  const unsubscribe = [
    component.onStateChange(onComponentState),
    component.onDocumentOutcome(onDocumentOutcome),
    component.onTaskOutcome(onTaskOutcome),
  ];
  const poll = setInterval(() => {
    if (!reconciling) void reconcile();
  }, statusPollMs);
  poll.unref();
  if (component.state().kind === 'connected') void reconcile();

  return {
    enqueue(job) {
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
          documentsPerTask: Math.max(1, Math.floor(job.documentsPerTask ?? 1)),
          state: 'queued',
          taskId: null,
          attempts: 0,
          received: false,
          rendered: false,
          failure: null,
          updatedAt: now(),
          statusAskedAt: null,
        };
        store.save(record);
        place(record, null);
        events.emit({ kind: 'document', document: view(record) });
        result.queued.push(view(record));
      }
      scheduleStatus();
      pump();
      return result;
    },
    retry: (recordIds, printer) => requeue(recordIds, (record) => record.state === 'failed', printer),
    withdraw(recordIds) {
      const result: RequeueResult = { requeued: [], refused: [] };
      for (const id of recordIds) {
        const record = records.get(id);
        if (record?.state !== 'queued') {
          result.refused.push({ id, reason: record ? 'state' : 'missing', state: record?.state ?? null });
          continue;
        }
        update(record, { state: 'failed', failure: { code: null, detail: 'withdrawn before it was sent', source: 'withdrawn' } });
        result.requeued.push(id);
      }
      return result;
    },
    resendUnknown: (recordIds) => requeue(recordIds, (record) => record.state === 'unknown' && record.statusAskedAt !== null),
    preview: ({ printer, documents }) => component.preview({ taskId: newTaskId(), printer, documents, previewType: 'image' }),
    reconcile,
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
      for (const stop of unsubscribe) stop();
    },
  };
}
