import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { decryptSandboxPrintData } from '../demo/sandbox-print-crypto';
import type { EncryptedPrintData } from '../demo/sandbox-print-crypto';
import { ytoTemplateUrl } from '../gateway/testing/gateway-test-bench';
import { openIssuingTestStation } from './testing/issuing-test-kit';
import type { IssuingTestStation } from './testing/issuing-test-kit';

let station: IssuingTestStation | null = null;
afterEach(async () => {
  await station?.close();
  station = null;
});

const customAreaTemplateUrl = 'https://cloudprint.cainiao.com/template/customArea/1234/1';

/** The custom-area layer a one-order package must carry, written out from the order itself. */
function customAreaOf(order: SoldOrder) {
  const goods = [order.goodsName, order.goodsSpec].filter((part) => part.trim() !== '').join(' ');
  return { templateURL: customAreaTemplateUrl, data: { ORDER_ID: order.orderNumber, ITEM_INFO: `${goods}×${order.goodsCount}`, REMARK: order.remark.trim() } };
}

describe('what reaches the print component through the engine', () => {
  it('each label arrives with both layers: the standard template with its waybill’s print data, then the custom area with its order’s data', async () => {
    station = await openIssuingTestStation();
    const pool = await station.issuable(40);
    const withRemark = pool.filter((order) => order.remark.trim() !== '').slice(0, 3);
    const withoutRemark = pool.filter((order) => order.remark.trim() === '').slice(0, 3);
    expect(withRemark).not.toHaveLength(0);
    const orders = [...withRemark, ...withoutRemark];
    const jobId = await station.issueAndPrint(
      orders.map((order) => order.orderNumber),
      { customAreaTemplateUrl },
    );

    const waybillOf = new Map((await station.engine.jobOrders(jobId)).map((row) => [row.orderNumber, row.waybillCode]));
    const delivered = station.emulator
      .received()
      .filter((task) => !task.preview)
      .flatMap((task) => task.documents);
    expect(delivered.map((document) => document.documentId)).toEqual(orders.map((order) => waybillOf.get(order.orderNumber)));
    for (const [index, document] of delivered.entries()) {
      const order = orders[index] as SoldOrder;
      expect(document.contents).toHaveLength(2);
      const [printData, customArea] = document.contents as [EncryptedPrintData, unknown];
      // The standard template with the print data the gateway issued for this very waybill.
      expect(printData.templateURL).toBe(ytoTemplateUrl);
      expect(decryptSandboxPrintData(printData).waybillCode).toBe(document.documentId);
      expect(customArea).toEqual(customAreaOf(order));
    }
    expect(station.emulator.printed()).toHaveLength(orders.length);
  });
});
