import { describe, expect, it } from 'vitest';
import { decodeIssueResult, decodePrintData, decodeQueryResult } from './decode-waybills';

const encrypted = { encryptedData: 'AES:abc', signature: 'MD:xyz', templateURL: 'https://cloudprint.cainiao.com/template/standard/101/3', ver: 'waybill_print_secret_version_1' };
const plain = { data: { waybillCode: 'YT1', recipient: { name: '张三' } }, signature: 'MD:1', templateURL: 'https://cloudprint.cainiao.com/template/standard/101/3' };

describe('decodePrintData', () => {
  it('decodes the JSON document inside the string once, keeping it unchanged and its text as the gateway sent it', () => {
    const spaced = JSON.stringify(encrypted, null, 1);
    expect(decodePrintData(spaced)).toEqual({ content: encrypted, text: spaced, templateUrl: encrypted.templateURL, encrypted: true });
    expect(decodePrintData(JSON.stringify(plain))).toEqual({ content: plain, text: JSON.stringify(plain), templateUrl: plain.templateURL, encrypted: false });
    // An object the gateway sent as it is: its text is written once, here.
    expect(decodePrintData(plain)).toEqual({ content: plain, text: JSON.stringify(plain), templateUrl: plain.templateURL, encrypted: false });
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

  it('matches results by object_id, never by position, and leaves entries without a result unknown', () => {
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
      ['C', 'unknown', 'gateway.entry-missing'],
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

  it('reads a parent waybill number, and fails an entry only on a recognised rejection of it', () => {
    const data = {
      platform_waybill_ii_get_response: {
        modules: {
          waybill_cloud_print_response: [
            { ...record('A', 'YT1'), parent_waybill_code: 'YTP' },
            { object_id: 'B', success: false, error_code: 'isv.x', error_message: '收件人姓名长度超过40' },
            { object_id: 'C', success: false, error_code: 'isv.x', error_message: '失败' },
          ],
        },
      },
    };
    const decoded = decodeIssueResult(data, ['A', 'B', 'C']);
    if (!decoded.ok) throw new Error('expected ok');
    const [first, second, third] = decoded.data.outcomes;
    expect(first?.status === 'issued' && first.waybill.parentWaybillCode).toBe('YTP');
    expect(second).toEqual({ objectId: 'B', status: 'failed', error: { code: 'gateway.entry-failed', params: { objectId: 'B', entryCode: 'isv.x', message: '收件人姓名长度超过40' }, retryable: false } });
    // "失败" says nothing about whether a waybill exists: unknown, in the gateway's words.
    expect(third).toMatchObject({ objectId: 'C', status: 'unknown', error: { code: 'gateway.answer-unclear', params: { objectId: 'C', entryCode: 'isv.x', message: '失败' } } });
  });

  it('leaves every unclear result unknown: two results for one entry, one number for two, an empty or non-text number, a per-entry system exception', () => {
    const answer = (results: unknown[]) => ({ platform_waybill_ii_get_response: { modules: { waybill_cloud_print_response: results } } });
    const statuses = (results: unknown[], objectIds: string[]) => {
      const decoded = decodeIssueResult(answer(results), objectIds);
      if (!decoded.ok) throw new Error('expected ok');
      return decoded.data.outcomes.map((outcome) => [outcome.objectId, outcome.status, outcome.status === 'issued' ? outcome.waybill.waybillCode : String(outcome.error.params.detail ?? outcome.error.params.message)]);
    };
    expect(statuses([record('A', 'YT1'), record('A', 'YT19'), record('B', 'YT2')], ['A', 'B'])).toEqual([
      ['A', 'unknown', '2 results for one entry'],
      ['B', 'issued', 'YT2'],
    ]);
    expect(statuses([record('A', 'YT1'), record('B', 'YT1'), record('C', 'YT3')], ['A', 'B', 'C'])).toEqual([
      ['A', 'unknown', 'waybill YT1 answered for 2 entries'],
      ['B', 'unknown', 'waybill YT1 answered for 2 entries'],
      ['C', 'issued', 'YT3'],
    ]);
    expect(statuses([record('A', ''), { ...record('B', ''), waybill_code: 880012345678 }], ['A', 'B'])).toEqual([
      ['A', 'unknown', 'no waybill_code and no recognised rejection'],
      ['B', 'unknown', 'waybill_code is number, not text'],
    ]);
    expect(statuses([{ object_id: 'A', success: false, error_code: 'isp.system-error', error_message: '系统异常' }], ['A'])).toEqual([
      ['A', 'unknown', 'no waybill_code and no recognised rejection'],
    ]);
  });

  it('refuses an answer without a result list', () => {
    const decoded = decodeIssueResult({ withholding_money: 1 }, ['A']);
    expect(!decoded.ok && decoded.error.code).toBe('gateway.unexpected-data');
  });
});

describe('decodeQueryResult', () => {
  it('matches by object_id and tells found, not issued and unknown apart', () => {
    const data = {
      request_id: 'r1',
      withholding_money: 2,
      modules: {
        waybill_cloud_print_with_result_desc_response: [
          { object_id: 'O3', success: false, error_code: 'SYSTEM_ERROR', error_message: '系统繁忙' },
          { object_id: 'O1', success: true, waybill_cloud_print_response: { waybill_code: 'YT1', print_data: JSON.stringify(encrypted) } },
          { object_id: 'O2', success: false, error_code: 'WAYBILL_NOT_FOUND', error_message: '该订单号未查询到已申请的面单' },
        ],
      },
    };
    const decoded = decodeQueryResult(data, ['O1', 'O2', 'O3', 'O4']);
    if (!decoded.ok) throw new Error('expected ok');
    expect(decoded.data.points).toBe(2);
    expect(decoded.data.outcomes.map((outcome) => outcome.status)).toEqual(['found', 'not-issued', 'unknown', 'unknown']);
    const [found] = decoded.data.outcomes;
    expect(found?.status === 'found' && found.waybill.printData).toEqual({ ok: true, data: { content: encrypted, text: JSON.stringify(encrypted), templateUrl: encrypted.templateURL, encrypted: true } });
  });

  it('takes several waybills of one order as its parcels only when they are one ticket (one parent); otherwise they disagree', () => {
    const record = (code: string, parent?: string) => ({ object_id: 'O1', success: true, waybill_cloud_print_response: { waybill_code: code, print_data: JSON.stringify(encrypted), ...(parent ? { parent_waybill_code: parent } : {}) } });
    const decode = (records: object[]) => {
      const decoded = decodeQueryResult({ modules: { waybill_cloud_print_with_result_desc_response: records } }, ['O1']);
      if (!decoded.ok) throw new Error('expected ok');
      return decoded.data.outcomes[0];
    };
    const ticket = decode([record('YT3', 'YT1'), record('YT1', 'YT1'), record('YT2', 'YT1')]);
    expect(ticket?.status === 'found' && [ticket.waybill.waybillCode, ticket.parcels?.map((parcel) => parcel.waybillCode)]).toEqual(['YT1', ['YT1', 'YT2', 'YT3']]);
    expect(decode([record('YT1'), record('YT2')])?.status).toBe('unknown');
    expect(decode([record('YT1', 'YT1'), record('YT2', 'YT9')])?.status).toBe('unknown');
    expect(decode([record('YT1', 'YT1'), record('YT1', 'YT1')])).toMatchObject({ status: 'found', waybill: { waybillCode: 'YT1' } });
    expect(decode([record('YT1', 'YT1'), { object_id: 'O1', success: false, error_code: 'WAYBILL_NOT_FOUND', error_message: '未查询到面单' }])?.status).toBe('unknown');
  });

  it('takes only the explicit "no waybill for this order" for not issued; every other shape stays unknown', () => {
    const waybill = { waybill_code: 'YT1', print_data: JSON.stringify(encrypted) };
    const entries: [string, Record<string, unknown>, string][] = [
      ['explicit code', { success: false, error_code: 'WAYBILL_NOT_FOUND', error_message: '' }, 'not-issued'],
      ['explicit words', { success: false, error_code: 'E1', error_message: '未查询到面单' }, 'not-issued'],
      ['success without a waybill', { success: true }, 'unknown'],
      ['success with an empty waybill', { success: true, waybill_cloud_print_response: {} }, 'unknown'],
      ['a waybill inside a list', { success: true, waybill_cloud_print_response: [waybill] }, 'unknown'],
      ['an empty list', { success: true, waybill_cloud_print_response: [] }, 'unknown'],
      ['text that is not JSON', { success: true, waybill_cloud_print_response: 'YT1' }, 'unknown'],
      ['no permission', { success: false, error_code: 'isv.permission-denied', error_message: '没有查询权限' }, 'unknown'],
      ['shop missing', { success: false, error_code: 'isv.shop-not-exist', error_message: '店铺不存在' }, 'unknown'],
      ['no waybill permission', { success: false, error_code: 'E2', error_message: '没有面单查询权限' }, 'unknown'],
      ['not-found code with success true', { success: true, error_code: 'WAYBILL_NOT_FOUND' }, 'unknown'],
      ['a numeric waybill code', { success: true, waybill_cloud_print_response: { waybill_code: 880012345678 } }, 'unknown'],
      ['a waybill with success false', { success: false, waybill_cloud_print_response: waybill }, 'unknown'],
      ['the waybill as JSON text', { success: true, waybill_cloud_print_response: JSON.stringify(waybill) }, 'found'],
    ];
    const data = { modules: { waybill_cloud_print_with_result_desc_response: entries.map(([name, entry]) => ({ object_id: name, ...entry })) } };
    const decoded = decodeQueryResult(data, entries.map(([name]) => name));
    if (!decoded.ok) throw new Error('expected ok');
    expect(decoded.data.outcomes.map((outcome) => [outcome.orderNumber, outcome.status])).toEqual(entries.map(([name, , status]) => [name, status]));
    const permission = decoded.data.outcomes.find((outcome) => outcome.orderNumber === 'no permission');
    expect(permission?.status === 'unknown' && permission.error).toMatchObject({ code: 'gateway.answer-unclear', params: { entryCode: 'isv.permission-denied', message: '没有查询权限' } });
  });

  it('takes several results for one order only when they agree', () => {
    const found = (code: string) => ({ object_id: 'O1', success: true, waybill_cloud_print_response: { waybill_code: code } });
    const decode = (results: unknown[]) => {
      const decoded = decodeQueryResult({ modules: { waybill_cloud_print_with_result_desc_response: results } }, ['O1']);
      if (!decoded.ok) throw new Error('expected ok');
      return decoded.data.outcomes[0]?.status;
    };
    expect(decode([found('YT1'), found('YT1')])).toBe('found');
    expect(decode([found('YT1'), found('YT2')])).toBe('unknown');
    expect(decode([found('YT1'), { object_id: 'O1', success: false, error_code: 'WAYBILL_NOT_FOUND' }])).toBe('unknown');
  });
});
