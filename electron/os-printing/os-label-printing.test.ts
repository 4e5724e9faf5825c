import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LabelInput } from '../labels/label-input';
import { createLabelRenderer } from '../labels/label-renderer';
import { SAMPLE_LABEL_INPUTS } from '../labels/sample-labels';
import { rasterizePdf } from '../labels/testing/pdf-inspection';
import { readCode128 } from '../labels/testing/raster-inspection';
import { createCupsPrinting } from './cups-printing';
import { createOsLabelPrinter } from './os-label-printing';
import type { OsLabelPrintRequest } from './os-label-printing';
import { CUPS_PDF_QUEUE, takeCupsPdfOutput } from './testing/cups-pdf-queue';

// Prints through the machine's real CUPS into the cups-pdf queue of `.ci/cups-setup.sh`.
const labelPrinter = createOsLabelPrinter({ renderer: createLabelRenderer(), printing: createCupsPrinting() });
const sample = SAMPLE_LABEL_INPUTS[1] as LabelInput;

function request(waybillCode: string, printData: unknown): OsLabelPrintRequest {
  return {
    waybillCode,
    printData,
    order: sample.order,
    carrierCode: sample.carrierCode,
    printer: CUPS_PDF_QUEUE,
    size: '76x130',
    printedAt: sample.printedAt,
  };
}

describe('printing our own labels on an OS printer', () => {
  it('prints plain print data, as the gateway returns it, as a label of our own', async () => {
    const waybillCode = `YT75${String(randomInt(1e9)).padStart(11, '0')}`;
    // print_data arrives as JSON text: the plain data, a signature and the template URL.
    const printData = JSON.stringify({
      data: { ...sample.data, waybillCode },
      signature: 'MD:c2lnbmF0dXJl',
      templateURL: 'https://cloudprint.cainiao.com/template/standard/101/1',
    });
    const outcome = await labelPrinter.print(request(waybillCode, printData));
    expect(outcome).toMatchObject({ ok: true, data: { printer: CUPS_PDF_QUEUE } });
    const printed = await takeCupsPdfOutput(waybillCode);
    // The custom area carries the order number as a small barcode of its own, for scan-to-verify.
    expect((await readCode128(await rasterizePdf(printed, 203))).toSorted()).toEqual([waybillCode, ...sample.order.orderNumbers.slice(0, 1)].toSorted());
  });

  it('refuses encrypted print data with an error that names the print component', async () => {
    const printData = {
      encryptedData: 'AES:bm90IHJlYWxseSBlbmNyeXB0ZWQ=',
      signature: 'MD:c2lnbmF0dXJl',
      templateURL: 'https://cloudprint.cainiao.com/template/standard/300336/92',
      ver: 'waybill_print_secret_version_1',
    };
    expect(await labelPrinter.print(request('YT7512345678901', printData))).toEqual({
      ok: false,
      error: { code: 'print.encrypted-needs-component', params: { waybillCode: 'YT7512345678901' } },
    });
  });

  it('refuses print data it cannot read, saying why', async () => {
    const outcome = await labelPrinter.print(request('YT7512345678901', { data: { waybillCode: 'YT7512345678901' } }));
    expect(outcome).toEqual({
      ok: false,
      error: {
        code: 'print.plain-data-invalid',
        params: { waybillCode: 'YT7512345678901', reason: 'data.recipient is missing' },
      },
    });
  });
});
