import { readFile } from 'node:fs/promises';
import { pdfPageSizes, pdfText, rasterizePdf } from '../electron/labels/testing/pdf-inspection';
import { readCode128 } from '../electron/labels/testing/raster-inspection';
import { CUPS_PDF_QUEUE, takeCupsPdfOutput } from '../electron/os-printing/testing/cups-pdf-queue';
import { openSettingsWithF2, stationCall } from './desk-actions';
import { confirmLabelPreview, issueUi, openIssuePlan, selectByScanning, validAndInvalidOrders } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

const customAreaUrl = 'https://cloudprint.cainiao.com/template/customArea/880011/3';

for (const locale of ['zh-CN', 'en'] as const) {
  test.describe(`desk paperwork (${locale})`, () => {
    test('chooses the custom area with a live preview, prints a job by goods with a packing slip after each label, and saves a picking list', async ({ openStation, request, stationHost, ownGateway }) => {
      test.setTimeout(240_000);
      if (!ownGateway) throw new Error('the own gateway did not start');
      const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      await stationCall(request, stationHost, 'settings.update', {
        patch: { print: { customAreaTemplateUrl: customAreaUrl, needEncrypt: false }, paperwork: { slipPrinter: CUPS_PDF_QUEUE, slipSize: '76x130' } },
      });

      // Settings → Printing: the fields of the custom area, with the preview drawn by main as they are ticked, saved with the rest by Save.
      await openSettingsWithF2(page, locale);
      const panel = page.getByRole('group', { name: text('paperwork.customArea.title') });
      await panel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      const fields = panel.getByRole('group', { name: text('paperwork.customArea.fieldsLabel') }).or(panel.getByLabel(text('paperwork.customArea.fieldsLabel')));
      await fields.first().getByText(text('paperwork.customArea.fields.sellerNote')).click();
      await fields.first().getByText(text('paperwork.customArea.fields.totalCount')).click();
      await expect(page.getByRole('status').filter({ hasText: text('settings.unsaved') })).toBeVisible();
      expect((await stationCall(request, stationHost, 'settings.get', {})).settings.paperwork.customAreaFields).toEqual(['goods', 'buyerRemark', 'orderNumber']);
      await page.getByRole('button', { name: text('settings.save'), exact: true }).click();
      await expect.poll(async () => (await stationCall(request, stationHost, 'settings.get', {})).settings.paperwork.customAreaFields).toEqual(['goods', 'buyerRemark', 'sellerNote', 'orderNumber', 'totalCount']);
      await expect(panel.getByRole('img', { name: text('paperwork.customArea.preview') })).toBeVisible();
      await expect(panel).toContainText(text('paperwork.customArea.explain').slice(0, 20));
      await expect(panel.getByRole('combobox', { name: text('paperwork.slips.printer') })).toBeVisible();
      await saveScreenshot(page, 'settings-paperwork', locale);
      // Everything saved: Escape goes straight back.
      await page.keyboard.press('Escape');

      // The plan: by goods, a packing slip after each label.
      const orders = (await validAndInvalidOrders(request, stationHost, 40)).valid.slice(0, 4);
      await expect(page.getByRole('grid', { name: text('orders.gridLabel') })).toBeVisible();
      await selectByScanning(page, locale, orders);
      // The picking list of the selection, saved as a PDF (before the job: a finished job clears the selection).
      await page.getByRole('button', { name: text('paperwork.actions.pickingList') }).first().click();
      const dialog = page.getByRole('dialog', { name: text('paperwork.picking.title') });
      await dialog.getByText(text('paperwork.picking.sortCount')).click();
      await saveScreenshot(dialog, 'picking-list-dialog', locale);
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: text('paperwork.picking.save') }).click();
      const pdf = new Uint8Array(await readFile(await (await download).path()));
      const listText = await pdfText(pdf);
      expect(listText).toContain(locale === 'en' ? 'Picking list' : '拣货单');
      for (const orderNumber of orders) expect(listText).toContain(orderNumber);
      await expect(dialog).toBeHidden();
      await openIssuePlan(page, locale, 4);
      const ui = issueUi(page, locale);
      await ui.drawer.getByRole('combobox', { name: text('paperwork.plan.printOrder') }).click();
      await page.getByRole('option', { name: text('paperwork.plan.printOrders.by-goods') }).click();
      await ui.drawer.getByRole('switch', { name: text('paperwork.plan.slips') }).click();
      await expect(ui.figures).toBeVisible();
      await saveScreenshot(page, 'issue-plan-paperwork', locale);
      await ui.start(4).click();
      await confirmLabelPreview(page, locale, 4);
      await expect(ui.printing).toContainText(ui.printedAll(4), { timeout: 60_000 });

      const [job] = await stationCall(request, stationHost, 'jobs.list', { limit: 1 });
      const jobOrders = await stationCall(request, stationHost, 'jobs.orders', { jobId: job?.id ?? '' });
      const planned = jobOrders.map((order) => order.orderNumber);
      const byNumber = new Map((await stationCall(request, stationHost, 'orders.list', {})).rows.map((row) => [row.order.orderNumber, row.order]));
      const goodsOf = (orderNumber: string) => `${byNumber.get(orderNumber)?.goodsName}\u0000${byNumber.get(orderNumber)?.goodsSpec}`;
      // Orders with the same goods came out together.
      const runs = planned.map(goodsOf).filter((goods, index, all) => index === 0 || all[index - 1] !== goods);
      expect(new Set(runs).size).toBe(runs.length);

      // The custom area reached the print component in each document, and shows in its spooled PDF.
      const firstWaybill = jobOrders[0]?.waybillCode ?? '';
      const task = ownGateway.emulator.received().find((received) => received.documentIds.includes(firstWaybill));
      const area = task?.documents[0]?.contents[1] as { templateURL: string; data: Record<string, string> } | undefined;
      expect(area?.templateURL).toBe(customAreaUrl);
      expect(area?.data['ORDER_ID']).toBe(planned[0]);
      expect(Object.keys(area?.data ?? {})).toEqual(['ITEM_INFO', 'REMARK', 'SELLER_NOTE', 'ORDER_ID', 'TOTAL_COUNT']);
      const spooled = ownGateway.emulator.printed().find((document) => document.documentId === firstWaybill);
      const label = new Uint8Array(await readFile(spooled?.file ?? ''));
      expect(await pdfText(label)).toContain(planned[0]);
      expect(await readCode128(await rasterizePdf(label, 203))).toContain(planned[0]);

      // The packing slips came out of the CUPS queue in the labels' order, each with its order's barcode.
      const slips: string[] = [];
      while (slips.length < planned.length) {
        const pdf = await takeCupsPdfOutput(`packing-slips-${planned[slips.length]}`, 60_000);
        for (let page = 1; page <= (await pdfPageSizes(pdf)).length; page += 1) slips.push(...(await readCode128(await rasterizePdf(pdf, 203, page))));
      }
      expect(slips).toEqual(planned);
      await ui.dismiss.click();

    });
  });
}
