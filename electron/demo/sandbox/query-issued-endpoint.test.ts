import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptSandboxPrintData } from '../sandbox-print-crypto';
import { startSandbox, type RunningSandbox } from './index';
import { callEndpoint, defined, issueBody, issueEntry, plainOrders } from './testing/test-requests';

interface QueryResult {
  object_id: string;
  success: boolean;
  error_code?: string;
  error_message?: string;
  waybill_cloud_print_response?: { print_data: string; waybill_code: string };
}

interface QueryData {
  modules: { waybill_cloud_print_with_result_desc_response: QueryResult[] };
  request_id: string;
  withholding_money: number;
}

let sandbox: RunningSandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ orders: 200, rateLimit: { maxCalls: 1000, windowMs: 1000 } });
});
afterEach(async () => {
  await sandbox.close();
});

const query = (orderNumbers: readonly string[], extra: object = {}) =>
  callEndpoint(sandbox, 'query-issued', {
    shop_id: sandbox.shopId,
    vvtype: 1,
    param_list: orderNumbers.map((orderNumber, index) => ({ biz_sub_code: orderNumber, object_id: `q${index}` })),
    ...extra,
  });

describe('query issued waybills by order number', () => {
  it('returns the stored waybill and print data for issued orders, an error for the others', async () => {
    const orders = plainOrders(sandbox, 5);
    const issued = orders.slice(0, 3);
    const issue = await callEndpoint(sandbox, 'issue', issueBody(sandbox, issued.map((order) => issueEntry(sandbox, [order]))));
    expect(issue.envelope.code).toBe(0);

    const { status, envelope } = await query(orders.map((order) => order.orderSn));
    expect(status).toBe(200);
    expect(envelope.code).toBe(0);
    const data = envelope.data as QueryData;
    expect(data.withholding_money).toBe(1);
    expect(data.request_id).toMatch(/^[0-9a-f]{26}$/);
    const results = data.modules.waybill_cloud_print_with_result_desc_response;
    expect(results.map((result) => result.object_id).sort()).toEqual(['q0', 'q1', 'q2', 'q3', 'q4']);
    for (const [index, order] of orders.entries()) {
      const result = defined(results.find((candidate) => candidate.object_id === `q${index}`));
      const waybill = sandbox.issuedWaybill(order.orderSn);
      if (index < 3) {
        expect(result.success).toBe(true);
        expect(result.waybill_cloud_print_response?.waybill_code).toBe(waybill?.waybillCode);
        const printData = defined(result.waybill_cloud_print_response).print_data;
        const content = decryptSandboxPrintData(printData);
        expect(content.waybillCode).toBe(waybill?.waybillCode);
        expect(JSON.parse(printData)).toMatchObject({ ver: 'waybill_print_secret_version_1', templateURL: waybill?.templateUrl });
      } else {
        expect(waybill).toBeUndefined();
        expect(result).toMatchObject({ success: false, error_code: 'WAYBILL_NOT_FOUND' });
        expect(result.error_message).toMatch(/[\u4e00-\u9fff]/);
        expect(result.waybill_cloud_print_response).toBeUndefined();
      }
    }
  });

  it('finds orders issued elsewhere, and every order of a merged package', async () => {
    const orderNumbers = plainOrders(sandbox, 2).map((order) => order.orderSn);
    const waybill = defined((await sandbox.markIssuedElsewhere(orderNumbers))[0]);
    const { envelope } = await query(orderNumbers);
    const results = (envelope.data as QueryData).modules.waybill_cloud_print_with_result_desc_response;
    expect(results.map((result) => result.waybill_cloud_print_response?.waybill_code)).toEqual([waybill.waybillCode, waybill.waybillCode]);
    expect(waybill.source).toBe('elsewhere');
  });

  it('shuffles the results', async () => {
    const orderNumbers = plainOrders(sandbox, 20).map((order) => order.orderSn);
    const { envelope } = await query(orderNumbers);
    const answered = (envelope.data as QueryData).modules.waybill_cloud_print_with_result_desc_response.map((result) => result.object_id);
    expect([...answered].sort()).toEqual(orderNumbers.map((_, index) => `q${index}`).sort());
    expect(answered).not.toEqual(orderNumbers.map((_, index) => `q${index}`));
  });

  it('takes at most 20 entries and needs vvtype 1 or 3', async () => {
    const orderNumbers = plainOrders(sandbox, 21).map((order) => order.orderSn);
    expect((await query(orderNumbers.slice(0, 20))).envelope.code).toBe(0);
    const tooMany = await query(orderNumbers);
    expect(tooMany.envelope.code).toBe(100);
    expect(tooMany.envelope.msg).toContain('param_list');
    expect((await query(orderNumbers.slice(0, 1), { vvtype: 3 })).envelope.code).toBe(0);
    expect((await query(orderNumbers.slice(0, 1), { vvtype: 2 })).envelope.code).toBe(100);
    expect((await query(orderNumbers.slice(0, 1), { vvtype: undefined })).envelope.code).toBe(100);
    expect((await query([])).envelope.code).toBe(100);
  });
});
