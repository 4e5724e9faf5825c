import type {
  IssueEntryOutcome,
  IssueResult,
  PrintData,
  QueriedWaybill,
  QueryEntryOutcome,
  QueryResult,
} from '../../../shared/domain/waybill';
import { stationError } from '../../../shared/errors/station-error';
import type { Result } from '../../../shared/result';
import { fail, ok } from '../../../shared/result';
import { callCost } from './call-cost';
import type { RawRecord } from './tolerant-values';
import { recognisedIssueRejection } from '../issue-rejection-kind';
import { asRecord, asRecordList, pick, readBoolean, readOptionalText, readText } from './tolerant-values';

/**
 * print_data decoded once: a JSON document inside a string (an already-parsed object is taken
 * as it is, and serialized once for storage). Null when it is not a JSON object.
 */
export function decodePrintData(value: unknown): PrintData | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const content = asRecord(parsed);
  if (!content) return null;
  return {
    content,
    text: typeof value === 'string' ? value : JSON.stringify(content),
    templateUrl: readOptionalText(pick(content, 'templateURL', 'templateUrl', 'template_url')),
    encrypted: typeof content.encryptedData === 'string',
  };
}

function printDataResult(value: unknown, objectId: string, waybillCode: string): Result<PrintData> {
  const decoded = decodePrintData(value);
  return decoded ? ok(decoded) : fail(stationError('gateway.print-data-unreadable', { objectId, waybillCode }));
}

/** Follows a path of keys through nested objects. */
function at(data: unknown, path: readonly string[]): unknown {
  let current = data;
  for (const key of path) current = asRecord(current)?.[key];
  return current;
}

/** The first of several candidate paths that leads to a list. */
function firstList(data: unknown, paths: ReadonlyArray<readonly string[]>): RawRecord[] | null {
  for (const path of paths) {
    const value = at(data, path);
    if (Array.isArray(value)) return asRecordList(value);
  }
  return null;
}

/** Groups result records by their echoed object_id; position means nothing. */
function byObjectId(records: readonly RawRecord[], asked: ReadonlySet<string>): { matched: Map<string, RawRecord[]>; unmatched: number } {
  const matched = new Map<string, RawRecord[]>();
  let unmatched = 0;
  for (const record of records) {
    const objectId = readText(pick(record, 'object_id', 'objectId'));
    if (!asked.has(objectId)) {
      unmatched += 1;
      continue;
    }
    matched.set(objectId, [...(matched.get(objectId) ?? []), record]);
  }
  return { matched, unmatched };
}

/** The gateway's own words about an entry: its error code and message ('' when absent). */
function entryWords(record: RawRecord): { entryCode: string; message: string } {
  return {
    entryCode: readText(pick(record, 'error_code', 'errorCode', 'code')),
    message: readText(pick(record, 'error_message', 'errorMessage', 'error_msg', 'msg')),
  };
}

/** A result the station cannot read with certainty: the order's outcome stays unknown, in the gateway's words. */
function unclear(objectId: string, detail: string, record: RawRecord | null) {
  return stationError('gateway.answer-unclear', { objectId, detail, ...(record ? entryWords(record) : { entryCode: '', message: '' }) });
}

/**
 * A waybill number as the gateway must send it: non-empty text. A number is refused (an 18-digit
 * number has already lost digits as a JSON number), and so is any other type.
 */
type WaybillCodeReading = { kind: 'code'; code: string } | { kind: 'absent' } | { kind: 'wrong-type'; type: string };

function readWaybillCode(record: RawRecord): WaybillCodeReading {
  const value = pick(record, 'waybill_code', 'waybillCode');
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return { kind: 'absent' };
  if (typeof value === 'string') return { kind: 'code', code: value.trim() };
  return { kind: 'wrong-type', type: Array.isArray(value) ? 'array' : typeof value };
}

const issueResultPaths = [
  ['platform_waybill_ii_get_response', 'modules', 'waybill_cloud_print_response'],
  ['platform_waybill_ii_get_response', 'modules'],
  ['modules', 'waybill_cloud_print_response'],
  ['waybill_cloud_print_response'],
] as const;

/**
 * Kinds of per-entry rejection that say plainly that this entry got no waybill. Anything else
 * (a "system exception", an "already issued", an unknown text, no text) leaves it unknown.
 */
const entryRejectedKinds: ReadonlySet<string> = new Set(['this-order-only', 'stop-job']);

/** One entry's own result, before results are compared across entries. */
function issueEntryOutcome(objectId: string, candidates: readonly RawRecord[]): IssueEntryOutcome {
  if (candidates.length === 0) return { objectId, status: 'unknown', error: stationError('gateway.entry-missing', { objectId }) };
  const [record] = candidates as [RawRecord, ...RawRecord[]];
  if (candidates.length > 1) return { objectId, status: 'unknown', error: unclear(objectId, `${candidates.length} results for one entry`, record) };
  const code = readWaybillCode(record);
  if (code.kind === 'wrong-type') return { objectId, status: 'unknown', error: unclear(objectId, `waybill_code is ${code.type}, not text`, record) };
  if (code.kind === 'code') {
    if (readBoolean(record.success) === false) return { objectId, status: 'unknown', error: unclear(objectId, 'success false with a waybill_code', record) };
    return {
      objectId,
      status: 'issued',
      waybill: {
        objectId,
        waybillCode: code.code,
        parentWaybillCode: readOptionalText(pick(record, 'parent_waybill_code', 'parentWaybillCode')),
        printData: printDataResult(pick(record, 'print_data', 'printData'), objectId, code.code),
      },
    };
  }
  const words = entryWords(record);
  const kind = recognisedIssueRejection(words.message);
  if (kind !== null && entryRejectedKinds.has(kind)) return { objectId, status: 'failed', error: stationError('gateway.entry-failed', { objectId, ...words }) };
  return { objectId, status: 'unknown', error: unclear(objectId, 'no waybill_code and no recognised rejection', record) };
}

/**
 * The data of an issue answer: one outcome per requested object_id. Only a plain answer counts:
 * exactly one result for the entry, its waybill_code non-empty text, and no other entry with the
 * same number → issued (print data decoded, or a per-order "unreadable" error with the number
 * kept). A result without a number that names a recognised rejection of this entry → failed.
 * Everything else — no result, two results, an empty or non-text number, one number for two
 * entries, a "system exception" — is `unknown`: waybills may exist, only the query endpoint can
 * tell, and the orders are never failed or shared on a guess.
 */
export function decodeIssueResult(data: unknown, objectIds: readonly string[]): Result<IssueResult> {
  const records = firstList(data, issueResultPaths);
  if (!records) {
    return fail(stationError('gateway.unexpected-data', { endpoint: 'issue', detail: 'no waybill_cloud_print_response list' }));
  }
  const { matched, unmatched } = byObjectId(records, new Set(objectIds));
  const outcomes = objectIds.map((objectId) => issueEntryOutcome(objectId, matched.get(objectId) ?? []));
  const entriesByCode = new Map<string, number>();
  for (const outcome of outcomes) if (outcome.status === 'issued') entriesByCode.set(outcome.waybill.waybillCode, (entriesByCode.get(outcome.waybill.waybillCode) ?? 0) + 1);
  const checked = outcomes.map((outcome): IssueEntryOutcome => {
    if (outcome.status !== 'issued' || (entriesByCode.get(outcome.waybill.waybillCode) ?? 0) < 2) return outcome;
    const detail = `waybill ${outcome.waybill.waybillCode} answered for ${entriesByCode.get(outcome.waybill.waybillCode)} entries`;
    return { objectId: outcome.objectId, status: 'unknown', error: unclear(outcome.objectId, detail, null) };
  });
  return ok({ outcomes: checked, unmatchedResults: unmatched, points: callCost(data) });
}

const queryResultPaths = [
  ['modules', 'waybill_cloud_print_with_result_desc_response'],
  ['waybill_cloud_print_with_result_desc_response'],
  ['modules'],
] as const;

/** Per-entry error codes that mean "this order has no waybill" (the sandbox's, and the platform's spelling). */
const notIssuedCodes: ReadonlySet<string> = new Set(['waybill_not_found', 'waybill_not_exist', 'waybill_not_exists', 'no_waybill']);

/** Messages that say so in words: they name the waybill and its absence. */
const notIssuedPhrases = ['未查询到已申请的面单', '未查询到面单', '未查询到电子面单', '未找到面单', '面单不存在', '没有面单', '无面单', '未申请面单', '未取号', 'waybill not found', 'no waybill'];

/** Words that make any message about something else (permission, shop, a failure): never "not issued". */
const otherTroublePhrases = ['权限', '店铺', '授权', '异常', '错误', '失败', '超时', '繁忙', '限流', 'permission', 'shop', 'auth', 'error', 'exception', 'fail', 'timeout', 'busy'];

/**
 * Whether a query entry is the explicit, recognised "no waybill for this order": success false,
 * no waybill at all, and a known error code or a message naming the missing waybill (and nothing
 * else going wrong). The only answer that lets an order be issued again.
 */
function saysNotIssued(record: RawRecord): boolean {
  if (readBoolean(record.success) !== false) return false;
  const { entryCode, message } = entryWords(record);
  const text = message.toLowerCase();
  if (otherTroublePhrases.some((phrase) => text.includes(phrase))) return false;
  return notIssuedCodes.has(entryCode.trim().toLowerCase()) || notIssuedPhrases.some((phrase) => text.includes(phrase));
}

/** The waybill object of a query entry: an object, or a JSON object inside a string (decoded like print_data); null when absent; a description when unreadable. */
function readQueriedWaybill(record: RawRecord): { kind: 'record'; value: RawRecord } | { kind: 'absent' } | { kind: 'unreadable'; detail: string } {
  const value = pick(record, 'waybill_cloud_print_response', 'waybillCloudPrintResponse');
  if (value === undefined) return { kind: 'absent' };
  let parsed: unknown = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return { kind: 'absent' };
    try {
      parsed = JSON.parse(value);
    } catch {
      return { kind: 'unreadable', detail: 'waybill_cloud_print_response is text that is not JSON' };
    }
  }
  const waybill = asRecord(parsed);
  if (waybill) return Object.keys(waybill).length === 0 ? { kind: 'absent' } : { kind: 'record', value: waybill };
  return { kind: 'unreadable', detail: `waybill_cloud_print_response is ${Array.isArray(parsed) ? 'an array' : typeof parsed}` };
}

/** What one result record says about its order. */
function queryRecordOutcome(orderNumber: string, record: RawRecord): QueryEntryOutcome {
  const waybill = readQueriedWaybill(record);
  if (waybill.kind === 'unreadable') return { orderNumber, status: 'unknown', error: unclear(orderNumber, waybill.detail, record) };
  if (waybill.kind === 'record') {
    const code = readWaybillCode(waybill.value);
    if (code.kind === 'wrong-type') return { orderNumber, status: 'unknown', error: unclear(orderNumber, `waybill_code is ${code.type}, not text`, record) };
    if (code.kind === 'absent') return { orderNumber, status: 'unknown', error: unclear(orderNumber, 'a waybill without waybill_code', record) };
    if (readBoolean(record.success) === false) return { orderNumber, status: 'unknown', error: unclear(orderNumber, 'success false with a waybill', record) };
    return {
      orderNumber,
      status: 'found',
      waybill: {
        orderNumber,
        waybillCode: code.code,
        parentWaybillCode: readOptionalText(pick(waybill.value, 'parent_waybill_code', 'parentWaybillCode')),
        printData: printDataResult(pick(waybill.value, 'print_data', 'printData'), orderNumber, code.code),
      },
    };
  }
  if (saysNotIssued(record)) return { orderNumber, status: 'not-issued' };
  const detail = readBoolean(record.success) === true ? 'success without a waybill' : 'not a recognised "no waybill" answer';
  return { orderNumber, status: 'unknown', error: unclear(orderNumber, detail, record) };
}

/** Several results for one order count only when they all say the same. */
function sameVerdict(a: QueryEntryOutcome, b: QueryEntryOutcome): boolean {
  if (a.status === 'found' && b.status === 'found') return a.waybill.waybillCode === b.waybill.waybillCode;
  return a.status === 'not-issued' && b.status === 'not-issued';
}

/**
 * Several waybills found for one order count as its parcels (一单多包) only when they are one
 * ticket: every result found, each number once, all naming the same parent waybill. Anything
 * else stays a disagreement. The parent's own parcel comes first.
 */
function parcelsOfOneTicket(orderNumber: string, candidates: readonly QueryEntryOutcome[]): QueryEntryOutcome | null {
  const found = candidates.flatMap((candidate) => (candidate.status === 'found' ? [candidate.waybill] : []));
  const [first] = found;
  if (!first || found.length !== candidates.length) return null;
  const parent = first.parentWaybillCode;
  if (parent === null || found.some((waybill) => waybill.parentWaybillCode !== parent)) return null;
  const codes = new Set(found.map((waybill) => waybill.waybillCode));
  if (codes.size !== found.length) return null;
  const parcels = [...found].sort((a, b) => Number(b.waybillCode === parent) - Number(a.waybillCode === parent) || a.waybillCode.localeCompare(b.waybillCode));
  return { orderNumber, status: 'found', waybill: parcels[0] as QueriedWaybill, parcels };
}

/**
 * The data of a query answer: one outcome per requested order number (sent as its own
 * object_id). `found` needs a waybill object with a text waybill_code (a JSON object inside a
 * string is decoded as print_data is). `not-issued` — which lets the order be issued again — only
 * for the explicit, recognised "no waybill for this order" (saysNotIssued). Several waybills of
 * one ticket (one parent) are the order's parcels (parcelsOfOneTicket). Every other shape
 * (success without a waybill, a list or a number where the waybill belongs, a permission or shop
 * message, no result, results that disagree) is `unknown`, with the gateway's words: the order
 * stays pending and is asked about again, never taken for "no waybill".
 */
export function decodeQueryResult(data: unknown, orderNumbers: readonly string[]): Result<QueryResult> {
  const records = firstList(data, queryResultPaths);
  if (!records) {
    return fail(stationError('gateway.unexpected-data', { endpoint: 'query-issued', detail: 'no waybill_cloud_print_with_result_desc_response list' }));
  }
  const { matched, unmatched } = byObjectId(records, new Set(orderNumbers));
  const outcomes = orderNumbers.map((orderNumber): QueryEntryOutcome => {
    const candidates = (matched.get(orderNumber) ?? []).map((record) => queryRecordOutcome(orderNumber, record));
    const [first, ...rest] = candidates;
    if (!first) return { orderNumber, status: 'unknown', error: stationError('gateway.entry-missing', { objectId: orderNumber }) };
    if (rest.every((other) => sameVerdict(first, other))) return first;
    return parcelsOfOneTicket(orderNumber, candidates) ?? { orderNumber, status: 'unknown', error: unclear(orderNumber, `${candidates.length} results that disagree`, null) };
  });
  return ok({ outcomes, unmatchedResults: unmatched, points: callCost(data) });
}
