import type {
  IssueEntryOutcome,
  IssueResult,
  PrintData,
  QueryEntryOutcome,
  QueryResult,
} from '../../../shared/domain/waybill';
import { stationError } from '../../../shared/errors/station-error';
import type { Result } from '../../../shared/result';
import { fail, ok } from '../../../shared/result';
import { callCost } from './call-cost';
import type { RawRecord } from './tolerant-values';
import { asRecord, asRecordList, pick, readBoolean, readOptionalText, readText } from './tolerant-values';

/**
 * print_data decoded once: a JSON document inside a string (an already-parsed object is taken
 * as it is). Null when it is not a JSON object.
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

function entryFailure(record: RawRecord, objectId: string) {
  return stationError('gateway.entry-failed', {
    objectId,
    entryCode: readText(pick(record, 'error_code', 'errorCode', 'code')),
    message: readText(pick(record, 'error_message', 'errorMessage', 'error_msg', 'msg')),
  });
}

const issueResultPaths = [
  ['platform_waybill_ii_get_response', 'modules', 'waybill_cloud_print_response'],
  ['platform_waybill_ii_get_response', 'modules'],
  ['modules', 'waybill_cloud_print_response'],
  ['waybill_cloud_print_response'],
] as const;

/**
 * The data of an issue answer: one outcome per requested object_id. A result with a waybill
 * number is issued (its print data decoded, or a per-order "unreadable" error with the number
 * kept); a result without one is a failure; no result at all is "missing" (outcome unknown).
 */
export function decodeIssueResult(data: unknown, objectIds: readonly string[]): Result<IssueResult> {
  const records = firstList(data, issueResultPaths);
  if (!records) {
    return fail(stationError('gateway.unexpected-data', { endpoint: 'issue', detail: 'no waybill_cloud_print_response list' }));
  }
  const { matched, unmatched } = byObjectId(records, new Set(objectIds));
  const outcomes = objectIds.map((objectId): IssueEntryOutcome => {
    const candidates = matched.get(objectId) ?? [];
    const issued = candidates.find((record) => readText(pick(record, 'waybill_code', 'waybillCode')) !== '');
    if (issued) {
      const waybillCode = readText(pick(issued, 'waybill_code', 'waybillCode'));
      return {
        objectId,
        status: 'issued',
        waybill: {
          objectId,
          waybillCode,
          parentWaybillCode: readOptionalText(pick(issued, 'parent_waybill_code', 'parentWaybillCode')),
          printData: printDataResult(pick(issued, 'print_data', 'printData'), objectId, waybillCode),
        },
      };
    }
    const [failed] = candidates;
    if (failed) return { objectId, status: 'failed', error: entryFailure(failed, objectId) };
    return { objectId, status: 'missing', error: stationError('gateway.entry-missing', { objectId }) };
  });
  return ok({ outcomes, unmatchedResults: unmatched, points: callCost(data) });
}

const queryResultPaths = [
  ['modules', 'waybill_cloud_print_with_result_desc_response'],
  ['waybill_cloud_print_with_result_desc_response'],
  ['modules'],
] as const;

const notIssuedPhrases = ['未查询到', '不存在', '未找到', '没有', '无面单', '未取号', 'not found', 'not_found', 'not exist', 'not_exist', 'no waybill'];

/** Whether a failed query entry says plainly that the order has no waybill. */
function saysNotIssued(record: RawRecord): boolean {
  const text = `${readText(pick(record, 'error_code', 'errorCode'))} ${readText(pick(record, 'error_message', 'errorMessage'))}`.toLowerCase();
  return notIssuedPhrases.some((phrase) => text.includes(phrase));
}

/**
 * The data of a query answer: one outcome per requested order number (sent as its own
 * object_id). Found with a waybill number; "not issued" only when the gateway says so plainly;
 * any other failure or absence keeps the order's state unknown — never mistaken for "no waybill",
 * which would issue it twice.
 */
export function decodeQueryResult(data: unknown, orderNumbers: readonly string[]): Result<QueryResult> {
  const records = firstList(data, queryResultPaths);
  if (!records) {
    return fail(stationError('gateway.unexpected-data', { endpoint: 'query-issued', detail: 'no waybill_cloud_print_with_result_desc_response list' }));
  }
  const { matched, unmatched } = byObjectId(records, new Set(orderNumbers));
  const outcomes = orderNumbers.map((orderNumber): QueryEntryOutcome => {
    const [record] = matched.get(orderNumber) ?? [];
    if (!record) return { orderNumber, status: 'missing', error: stationError('gateway.entry-missing', { objectId: orderNumber }) };
    const waybillRecord = asRecord(pick(record, 'waybill_cloud_print_response', 'waybillCloudPrintResponse')) ?? {};
    const waybillCode = readText(pick(waybillRecord, 'waybill_code', 'waybillCode'));
    const success = readBoolean(record.success);
    if (waybillCode !== '' && success !== false) {
      return {
        orderNumber,
        status: 'found',
        waybill: {
          orderNumber,
          waybillCode,
          parentWaybillCode: readOptionalText(pick(waybillRecord, 'parent_waybill_code', 'parentWaybillCode')),
          printData: printDataResult(pick(waybillRecord, 'print_data', 'printData'), orderNumber, waybillCode),
        },
      };
    }
    if (success === true || saysNotIssued(record)) return { orderNumber, status: 'not-issued' };
    return { orderNumber, status: 'failed', error: entryFailure(record, orderNumber) };
  });
  return ok({ outcomes, unmatchedResults: unmatched, points: callCost(data) });
}
