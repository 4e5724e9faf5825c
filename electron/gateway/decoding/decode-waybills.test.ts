import { describe, expect, it } from 'vitest';
import { decodeIssueResult, decodePrintData, decodeQueryResult } from './decode-waybills';

const encrypted = { encryptedData: 'AES:abc', signature: 'MD:xyz', templateURL: 'https://cloudprint.cainiao.com/template/standard/101/3', ver: 'waybill_print_secret_version_1' };
const plain = { data: { waybillCode: 'YT1', recipient: { name: '张三' } }, signature: 'MD:1', templateURL: 'https://cloudprint.cainiao.com/template/standard/101/3' };

describe('decodePrintData', () => {
  it('decodes the JSON document inside the string once, keeping it unchanged', () => {
    expect(decodePrintData(JSON.stringify(encrypted))).toEqual({ content: encrypted, templateUrl: encrypted.templateURL, encrypted: true });
    expect(decodePrintData(JSON.stringify(plain))).toEqual({ content: plain, templateUrl: plain.templateURL, encrypted: false });
    expect(decodePrintData(plain)).toEqual({ content: plain, templateUrl: plain.templateURL, encrypted: false });
  });

  it('gives null for print data that is not a JSON object', () => {
    expect(decodePrintData('{"encryptedData":"AES:')).toBeNull();
    expect(decodePrintData('"just a string"')).toBeNull();
    expect(decodePrintData(undefined)).toBeNull();
  });
});

describe('decodeIssueResult', () => {
  const record = (objectId: string, waybillCode: string, printData: unknown = JSON.stringify(encrypted)) => ({
    object_id: objectId,
    waybill_code: waybillCode,
    print_data: printData,
    parent_waybill_code: '',
  });

  it('matches results by object_id, never by position, and reports entries without a result as missing', () => {
    const data = {
      withholding_money: 10,
      platform_waybill_ii_get_response: { modules: { waybill_cloud_print_response: [record('B', 'YT2'), record('X', 'YT9'), record('A', 'YT1')] } },
    };
    const decoded = decodeIssueResult(data, ['A', 'B', 'C']);
    if (!decoded.ok) throw new Error('expected ok');
    expect(decoded.data.points).toBe(10);
    expect(decoded.data.unmatchedResults).toBe(1);
    expect(decoded.data.outcomes.map((outcome) => [outcome.objectId, outcome.status, outcome.status === 'issued' ? outcome.waybill.waybillCode : outcome.error.code])).toEqual([
      ['A', 'issued', 'YT1'],
      ['B', 'issued', 'YT2'],
      ['C', 'missing', 'gateway.entry-missing'],
    ]);
  });

  it('keeps the waybill number when its print data is unreadable, with a per-order error', () => {
    const data = { platform_waybill_ii_get_response: { modules: { waybill_cloud_print_response: [record('A', 'YT1', '{"encryptedData":"AES:trunc')] } } };
    const decoded = decodeIssueResult(data, ['A']);
    if (!decoded.ok) throw new Error('expected ok');
    const [outcome] = decoded.data.outcomes;
    if (outcome?.status !== 'issued') throw new Error('expected issued');
    expect(outcome.waybill.waybillCode).toBe('YT1');
    expect(outcome.waybill.parentWaybillCode).toBeNull();
    expect(outcome.waybill.printData).toEqual({
      ok: false,
      error: { code: 'gateway.print-data-unreadable', params: { objectId: 'A', waybillCode: 'YT1' }, retryable: false },
    });
  });

  it('reads a parent waybill number and an entry failure', () => {
    const data = {
      platform_waybill_ii_get_response: {
        modules: {
          waybill_cloud_print_response: [
            { ...record('A', 'YT1'), parent_waybill_code: 'YTP' },
            { object_id: 'B', success: false, error_code: 'isv.x', error_message: '失败' },
          ],
        },
      },
    };
    const decoded = decodeIssueResult(data, ['A', 'B']);
    if (!decoded.ok) throw new Error('expected ok');
    const [first, second] = decoded.data.outcomes;
    expect(first?.status === 'issued' && first.waybill.parentWaybillCode).toBe('YTP');
    expect(second).toEqual({ objectId: 'B', status: 'failed', error: { code: 'gateway.entry-failed', params: { objectId: 'B', entryCode: 'isv.x', message: '失败' }, retryable: false } });
  });

  it('refuses an answer without a result list', () => {
    const decoded = decodeIssueResult({ withholding_money: 1 }, ['A']);
    expect(!decoded.ok && decoded.error.code).toBe('gateway.unexpected-data');
  });
});

describe('decodeQueryResult', () => {
  it('matches by object_id and tells found, not issued, failed and missing apart', () => {
    const data = {
      request_id: 'r1',
      withholding_money: 2,
      modules: {
        waybill_cloud_print_with_result_desc_response: [
          { object_id: 'O3', success: false, error_code: 'SYSTEM_ERROR', error_message: '系统繁忙' },
          { object_id: 'O1', success: true, waybill_cloud_print_response: { waybill_code: 'YT1', print_data: JSON.stringify(encrypted) } },
          { object_id: 'O2', success: false, error_code: 'WAYBILL_NOT_FOUND', error_message: '该订单没有面单' },
        ],
      },
    };
    const decoded = decodeQueryResult(data, ['O1', 'O2', 'O3', 'O4']);
    if (!decoded.ok) throw new Error('expected ok');
    expect(decoded.data.points).toBe(2);
    expect(decoded.data.outcomes.map((outcome) => outcome.status)).toEqual(['found', 'not-issued', 'failed', 'missing']);
    const [found] = decoded.data.outcomes;
    expect(found?.status === 'found' && found.waybill.printData).toEqual({ ok: true, data: { content: encrypted, templateUrl: encrypted.templateURL, encrypted: true } });
  });
});
