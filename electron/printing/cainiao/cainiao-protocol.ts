import { asRecord, asRecordList, pick, readInteger, readNumber, readOptionalText, readText } from '../../gateway/decoding/tolerant-values';
import type { RawRecord } from '../../gateway/decoding/tolerant-values';
import type {
  DocumentOutcome,
  DocumentStatus,
  PreviewReply,
  PrintReply,
  PrintTask,
  TaskOutcome,
  TaskStatusReport,
} from '../print-component';
import type { AgentInfo, PrinterConfig, PrinterList, PrintFailure } from '../../../shared/domain/printing';

/**
 * The CAINIAO print component's messages (print-component.md): what the station sends, and
 * tolerant readers for what comes back. Casing differs between messages (taskID/taskId,
 * documentID/documentId) and some spellings are unconfirmed, so every reader accepts each
 * variant and never throws; only the request side is exact.
 */

/** The protocol version every request carries. */
export const CAINIAO_PROTOCOL_VERSION = '1.0';

/** Whether a message is an unasked notice (notifyPrintResult, notifyDocResult, notifyTaskResult, …). */
export function isNotification(message: RawRecord): boolean {
  return readText(message['cmd']).startsWith('notify');
}

/** A status word reduced to lower-case letters: `completeFailed`, `complete_failed` and `COMPLETEFAILED` compare equal. */
function word(value: unknown): string {
  return readText(value).toLowerCase().replace(/[^a-z]/g, '');
}

const successWords = new Set(['success', 'ok', 'true']);
const failureWords = new Set(['failed', 'failure', 'fail', 'error', 'printfailed', 'renderfailed', 'completefailure', 'completefailed']);
const printedWords = new Set(['printed', 'success', 'printsuccess', 'completesuccess', 'complete']);
const inProgressWords = new Set(['initial', 'queued', 'pending', 'waiting', 'accepted', 'rendering', 'rendered', 'printing']);
const notFoundWords = new Set(['notfound', 'notexist', 'notexists']);

/** Whether a reply's `status` says the command succeeded. */
export function replySucceeded(message: RawRecord): boolean {
  return successWords.has(word(message['status']));
}

/** Whether a reply's `status` says the command failed (replies without a status are not failures). */
export function replyFailed(message: RawRecord): boolean {
  return failureWords.has(word(message['status']));
}

/** The text a failed reply gives, for errors. */
export function replyMessage(message: RawRecord): string {
  return messageText(message);
}

/** The component's message text of a reply or notice. */
function messageText(record: RawRecord): string {
  return readText(pick(record, 'msg', 'message', 'detail'));
}

/** The numeric code of a failure, under any of the names components use; null when absent. */
function failureCode(record: RawRecord): number | null {
  return readInteger(pick(record, 'code', 'errorCode', 'errCode'));
}

/** A failure from a record that may carry a code and a detail and/or msg. */
function failureOf(record: RawRecord, source: PrintFailure['source']): PrintFailure {
  return { code: failureCode(record), detail: readText(pick(record, 'detail', 'msg', 'message')), source };
}

function taskIdOf(record: RawRecord): string {
  return readText(pick(record, 'taskID', 'taskId', 'taskid'));
}

function documentIdOf(record: RawRecord): string {
  return readText(pick(record, 'documentID', 'documentId', 'documentid'));
}

/** The `task` object of a print or preview request. */
export function wireTask(task: PrintTask, preview: false | 'image' | 'pdf'): RawRecord {
  return {
    taskID: task.taskId,
    preview: preview !== false,
    printer: task.printer,
    previewType: preview === false ? 'pdf' : preview,
    firstDocumentNumber: 1,
    totalDocumentCount: task.documents.length,
    notifyType: ['render', 'print'],
    documents: task.documents.map((document) => ({ documentID: document.documentId, contents: document.contents })),
  };
}

/** The component's answer to a print request. */
export function readPrintReply(message: RawRecord, taskId: string): PrintReply {
  if (replySucceeded(message)) return { taskId, accepted: true };
  return { taskId, accepted: false, failure: failureOf(message, 'print-reply') };
}

/** The component's answer to a preview request. */
export function readPreviewReply(message: RawRecord, taskId: string): PreviewReply {
  if (!replySucceeded(message)) return { taskId, ok: false, failure: failureOf(message, 'print-reply') };
  const images = pick(message, 'previewImage', 'previewImages');
  return {
    taskId,
    ok: true,
    previewImages: Array.isArray(images) ? images.map(readText).filter((url) => url !== '') : [],
    previewUrl: readOptionalText(pick(message, 'previewURL', 'previewUrl')),
  };
}

/** getAgentInfo's answer. */
export function readAgentInfo(message: RawRecord): AgentInfo {
  return { version: readText(message['version']), message: messageText(message) };
}

/** getPrinters' answer; printers may come as objects or as bare names. */
export function readPrinterList(message: RawRecord): PrinterList {
  const printers = Array.isArray(message['printers']) ? message['printers'] : [];
  return {
    defaultPrinter: readOptionalText(message['defaultPrinter']),
    printers: printers
      .map((entry: unknown) => {
        const record = asRecord(entry);
        return record ? { name: readText(record['name']), status: readOptionalText(record['status']) } : { name: readText(entry), status: null };
      })
      .filter((printer) => printer.name !== ''),
  };
}

/** getPrinterConfig's `printer` object; null when the reply carries none. */
export function readPrinterConfig(message: RawRecord): PrinterConfig | null {
  const printer = asRecord(message['printer']);
  if (!printer) return null;
  const paper = asRecord(printer['paperSize']);
  const width = paper ? readNumber(paper['width']) : null;
  const height = paper ? readNumber(paper['height']) : null;
  return {
    name: readText(printer['name']),
    paperSize: width !== null && height !== null ? { width, height } : null,
    horizontalOffset: readNumber(printer['horizontalOffset']) ?? 0,
    verticalOffset: readNumber(printer['verticalOffset']) ?? 0,
    orientation: readOptionalText(printer['orientation']),
    raw: { ...printer },
  };
}

/** The `printer` object of setPrinterConfig: everything the component sent, with our changes on top. */
export function wirePrinterConfig(config: PrinterConfig): RawRecord {
  return {
    ...config.raw,
    name: config.name,
    ...(config.paperSize && { paperSize: { ...asRecord(config.raw['paperSize']), ...config.paperSize } }),
    horizontalOffset: config.horizontalOffset,
    verticalOffset: config.verticalOffset,
    ...(config.orientation !== null && { orientation: config.orientation }),
  };
}

/** What a status word of getTaskStatus means for one document. */
function documentStatus(detail: RawRecord): DocumentStatus {
  const status = word(detail['status']);
  if (failureWords.has(status)) return { kind: 'failed', failure: failureOf(detail, 'status-query') };
  if (printedWords.has(status)) return { kind: 'printed' };
  if (inProgressWords.has(status)) return { kind: 'in-progress' };
  if (notFoundWords.has(status)) return { kind: 'not-found' };
  return { kind: 'unrecognized', rawStatus: readText(detail['status']) };
}

/**
 * getTaskStatus's answer, one report per task asked. A task absent from the answer's list is one
 * the component does not know (never received, or forgotten); an answer without such a list is
 * unreadable, never "not found"; a task present with documents it cannot describe stays
 * unrecognized. None of these lets a label print twice on a guess: the queue leaves them unknown.
 */
export function readTaskStatusReply(message: RawRecord, askedTaskIds: readonly string[]): TaskStatusReport[] {
  const list = pick(message, 'printStatus', 'taskStatus');
  if (!Array.isArray(list)) return askedTaskIds.map((taskId) => ({ taskId, answer: 'unreadable', documents: [] }));
  const byTask = new Map<string, RawRecord>();
  for (const entry of asRecordList(list)) byTask.set(taskIdOf(entry), entry);
  return askedTaskIds.map((taskId) => {
    const entry = byTask.get(taskId);
    if (!entry) return { taskId, answer: 'not-found', documents: [] };
    if (notFoundWords.has(word(entry['status']))) return { taskId, answer: 'not-found', documents: [] };
    return {
      taskId,
      answer: 'found',
      documents: asRecordList(pick(entry, 'detailStatus', 'documents')).map((detail) => ({
        documentId: documentIdOf(detail),
        status: documentStatus(detail),
        printer: readOptionalText(detail['printer']),
      })),
    };
  });
}

/** What one notice says: per-document outcomes and/or a whole-task outcome. */
export interface Notice {
  documents: DocumentOutcome[];
  task: TaskOutcome | null;
}

/** notifyDocResult: one document, `code` 0 meaning fine. */
function readDocResult(message: RawRecord): Notice {
  const taskId = taskIdOf(message);
  const documentId = documentIdOf(message);
  const printer = readOptionalText(message['printer']);
  const status = word(message['status']);
  const code = failureCode(message);
  if ((code !== null && code !== 0) || failureWords.has(status)) {
    return { documents: [{ kind: 'failed', taskId, documentId, printer, failure: failureOf(message, 'document') }], task: null };
  }
  if (status === 'printed' || status === 'rendered') {
    return { documents: [{ kind: status, taskId, documentId, printer }], task: null };
  }
  return { documents: [], task: null };
}

/** notifyPrintResult: a task status word plus one entry per document. */
function readPrintResult(message: RawRecord): Notice {
  const taskId = taskIdOf(message);
  const printer = readOptionalText(message['printer']);
  const taskStatus = word(message['taskStatus']);
  const documents: DocumentOutcome[] = [];
  for (const entry of asRecordList(message['printStatus'])) {
    const documentId = documentIdOf(entry);
    const status = word(entry['status']);
    if (successWords.has(status)) {
      if (taskStatus === 'printed' || taskStatus === 'rendered') documents.push({ kind: taskStatus, taskId, documentId, printer });
    } else if (failureWords.has(status)) {
      documents.push({ kind: 'failed', taskId, documentId, printer, failure: failureOf(entry, 'document') });
    }
  }
  return { documents, task: null };
}

/** notifyTaskResult: the whole task's state (completeFailure and completeFailed both accepted). */
function readTaskResult(message: RawRecord): Notice {
  const rawStatus = readText(message['status']);
  const status = word(rawStatus);
  const kind: TaskOutcome['status'] =
    status === 'initial' ? 'initial' : status === 'completesuccess' ? 'complete-success' : failureWords.has(status) ? 'complete-failure' : 'other';
  return { documents: [], task: { taskId: taskIdOf(message), status: kind, rawStatus, message: messageText(message) } };
}

/** Reads any notice; unknown notify commands and notices without a task id say nothing. */
export function readNotification(message: RawRecord): Notice {
  const cmd = word(message['cmd']);
  const notice =
    cmd === 'notifydocresult' ? readDocResult(message)
    : cmd === 'notifyprintresult' ? readPrintResult(message)
    : cmd === 'notifytaskresult' ? readTaskResult(message)
    : { documents: [], task: null };
  return {
    documents: notice.documents.filter((outcome) => outcome.taskId !== '' && outcome.documentId !== ''),
    task: notice.task && notice.task.taskId !== '' ? notice.task : null,
  };
}
