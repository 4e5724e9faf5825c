import type { APIRequestContext } from '@playwright/test';
import { setTimeout as delay } from 'node:timers/promises';
import { startEmulatedScale, type EmulatedScale } from '../electron/scale/testing/emulated-scale';
import { chooseScanMode, scan, stationCall } from './desk-actions';
import { validAndInvalidOrders } from './issue-print-actions';
import { loadOrders, openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test, type OwnGateway, type StationHostProcess } from './station-fixtures';
import { browserLocale, uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

/** A product barcode the demo goods do not carry (the desk learns it). */
const BARCODE = '6901234567892';
/** A second barcode of the same goods (a repackaged lot). */
const SECOND_BARCODE = '6901234567885';
/** Another one, learned for other goods. */
const OTHER_BARCODE = '6920000000017';

/** Valid orders of the own gateway's shop with their goods (one line each) and counts. */
async function ordersWithGoods(request: APIRequestContext, host: StationHostProcess) {
  const { valid } = await validAndInvalidOrders(request, host, 40);
  const { rows } = await stationCall(request, host, 'orders.list', {});
  return rows
    .filter((row) => valid.includes(row.order.orderNumber))
    .map((row) => ({ shopId: row.shopId, orderNumber: row.order.orderNumber, goodsName: row.order.goodsName, goodsSpec: row.order.goodsSpec, goodsCount: row.order.goodsCount ?? 1 }));
}

/** The goods line as the panel and the question name it. */
const lineName = (order: { goodsName: string; goodsSpec: string }) => (order.goodsSpec === '' ? order.goodsName : `${order.goodsName} · ${order.goodsSpec}`);

/** The issue entries' item weights the sandbox received, by order number. */
function sentWeights(gateway: OwnGateway): Map<string, unknown[]> {
  type Body = { param_waybill_cloud_print_apply_new_request: { trade_order_info_dtos: Array<{ order_info: { trade_order_list: string[] }; package_info: { items: Array<Record<string, unknown>> } }> } };
  const entries = gateway.sandbox
    .calls()
    .filter((call) => call.endpoint === 'issue' && call.code === 0)
    .flatMap((call) => (call.body as Body).param_waybill_cloud_print_apply_new_request.trade_order_info_dtos);
  return new Map(entries.map((entry) => [entry.order_info.trade_order_list[0] ?? '', entry.package_info.items.map((item) => item.weight)]));
}

for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  test.describe(`scan-to-verify and the desk scale (${locale})`, () => {
    test.setTimeout(120_000);

    test('a verified order: the new barcode is asked once and learned, the order is released only when complete, then issued and printed', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      await stationCall(request, stationHost, 'settings.update', { patch: { verification: { enabled: true } } });
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const order = (await ordersWithGoods(request, stationHost)).find((candidate) => candidate.goodsCount === 2) ?? (await ordersWithGoods(request, stationHost))[0];
      if (!order) throw new Error('no valid order');
      await chooseScanMode(page, locale, 'verify');
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.waitingVerify'));

      await scan(page, order.orderNumber);
      const panel = page.getByRole('region', { name: text('verification.label') });
      await expect(panel).toContainText(order.orderNumber);
      await expect(panel.getByLabel(text('verification.linesLabel'))).toContainText(lineName(order));
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText(`0 / ${order.goodsCount}`);

      // The first scan of a new barcode asks which goods it is; the answer ticks the item and is remembered for the shop.
      await scan(page, BARCODE);
      const question = page.getByRole('dialog', { name: text('verification.question.title', { barcode: BARCODE }) });
      await expect(question).toBeVisible();
      await saveScreenshot(page, 'verify-new-barcode', locale);
      await question.getByRole('button', { name: lineName(order) }).click();
      await expect(question).toBeHidden();
      await expect.poll(() => stationCall(request, stationHost, 'verification.barcodes', { shopId: order.shopId })).toEqual([expect.objectContaining({ barcode: BARCODE, goodsName: order.goodsName, goodsSpec: order.goodsSpec })]);
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText(`1 / ${order.goodsCount}`);
      if (order.goodsCount > 1) {
        // Not complete: nothing is issued yet.
        await expect(panel).toContainText(text('verification.stage.scanning'));
        await saveScreenshot(page, 'verify-goods', locale);
        expect(ownGateway.sandbox.issuedWaybill(order.orderNumber)).toBeUndefined();
        // The same code again after the double-scan second: asked no more, it ticks the next one.
        await delay(1100);
        await scan(page, BARCODE);
        await expect(question).toBeHidden();
      }
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText(`${order.goodsCount} / ${order.goodsCount}`);
      await expect(panel).toContainText(text('verification.stage.released'));
      await expect.poll(() => ownGateway.sandbox.issuedWaybill(order.orderNumber), { timeout: 30_000 }).toBeDefined();
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.print-issued', { orderNumber: order.orderNumber, waybillCode: ownGateway.sandbox.issuedWaybill(order.orderNumber)?.waybillCode ?? '' }), { timeout: 30_000 });
      const printed = await stationCall(request, stationHost, 'history.search', { text: order.orderNumber });
      await expect.poll(async () => (await stationCall(request, stationHost, 'history.search', { text: order.orderNumber })).rows[0]?.printCount, { timeout: 30_000 }).toBe(1);
      expect(printed.rows).toHaveLength(1);

      // The order again: verified already — the alarm, nothing issued twice.
      await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
      await scan(page, order.orderNumber);
      await expect(page.getByRole('alert').filter({ hasText: order.orderNumber })).toBeVisible();
      expect(ownGateway.sandbox.calls().filter((call) => call.endpoint === 'issue' && call.code === 0)).toHaveLength(1);
    });

    test('an order verified before a restart is still verified after it: scanned again, the alarm in desk words, nothing issued', async ({ openStation, crashStation, restartStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      await stationCall(request, stationHost, 'settings.update', { patch: { verification: { enabled: true } } });
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const [order] = await ordersWithGoods(request, stationHost);
      if (!order) throw new Error('no valid order');
      // Its goods were all scanned and the desk recorded it verified (the release's record); its label never came out.
      await stationCall(request, stationHost, 'verification.record', { kind: 'verification.completed', shopId: order.shopId, orderNumber: order.orderNumber, details: { lines: 1, items: order.goodsCount, overridden: 0, weightG: null } });

      // The station stops as a power cut stops it, and starts again on its data folder.
      await crashStation(page);
      const restarted = await restartStation(browserLocale(locale));
      await loadOrders(restarted, locale, 40);
      await chooseScanMode(restarted, locale, 'verify');
      await scan(restarted, order.orderNumber);
      // The alarm in desk words, and no goods listed to pack.
      await expect(restarted.getByRole('alert').filter({ hasText: text('scan.outcome.already-verified', { orderNumber: order.orderNumber }) })).toBeVisible();
      await expect(restarted.getByRole('region', { name: text('verification.label') })).toHaveCount(0);
      await saveScreenshot(restarted, 'verify-already-verified', locale);
      // Items scanned now tick nothing and release nothing.
      await scan(restarted, BARCODE);
      await delay(1000);
      expect(ownGateway.sandbox.issuedWaybill(order.orderNumber)).toBeUndefined();
      expect(await stationCall(request, stationHost, 'verification.verified', { shopId: order.shopId, orderNumber: order.orderNumber })).toMatchObject({ deskName: null });
    });

    test('a wrong item and one too many sound the alarm in desk words; the order is never released with them', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      await stationCall(request, stationHost, 'settings.update', { patch: { verification: { enabled: true } } });
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const orders = await ordersWithGoods(request, stationHost);
      const order = orders.find((candidate) => candidate.goodsCount === 1);
      const other = orders.find((candidate) => candidate.goodsName !== order?.goodsName);
      if (!order || !other) throw new Error('the demo shop has no two valid orders of different goods');
      await stationCall(request, stationHost, 'verification.learn', { shopId: order.shopId, barcode: OTHER_BARCODE, goodsName: other.goodsName, goodsSpec: other.goodsSpec });
      await stationCall(request, stationHost, 'verification.learn', { shopId: order.shopId, barcode: BARCODE, goodsName: order.goodsName, goodsSpec: order.goodsSpec });
      await chooseScanMode(page, locale, 'verify');
      // The shop's learned barcodes reach the page late (a busy station; in the browser host, where
      // the page's calls are HTTP): an item scanned before they arrive is judged by them all the
      // same, never asked about as a new barcode.
      await page.route('**/ipc/verification.barcodes', async (route) => {
        await new Promise((resolveLater) => setTimeout(resolveLater, 1_500));
        await route.continue();
      });
      await scan(page, order.orderNumber);
      const panel = page.getByRole('region', { name: text('verification.label') });
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText('0 / 1');

      await scan(page, OTHER_BARCODE);
      const alarm = panel.getByRole('alert');
      await expect(alarm).toHaveText(new RegExp(text('verification.alarm.wrong-item', { goods: lineName(other), barcode: OTHER_BARCODE }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.item-wrong', { code: OTHER_BARCODE, goodsName: other.goodsName }));
      await expect(page.getByRole('dialog', { name: text('verification.question.title', { barcode: OTHER_BARCODE }) })).toHaveCount(0);
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText('0 / 1');
      await saveScreenshot(page, 'verify-wrong-item', locale);
      expect(ownGateway.sandbox.issuedWaybill(order.orderNumber)).toBeUndefined();

      // Counted by hand (no barcode) with a reason, the order completes and goes; a further item is one too many.
      await panel.getByRole('button', { name: text('verification.noBarcode') }).click();
      await panel.getByRole('textbox', { name: text('verification.handReason') }).fill(locale === 'en' ? 'label torn' : '条码破损');
      await panel.getByRole('button', { name: text('verification.handConfirm') }).click();
      await expect(panel).toContainText(text('verification.byHand', { count: 1 }));
      await expect(panel).toContainText(text('verification.stage.released'));
      await expect.poll(() => ownGateway.sandbox.issuedWaybill(order.orderNumber), { timeout: 30_000 }).toBeDefined();
      // Once its job ended (its drawer opened beside the scan panel), a further item is one too many.
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.print-issued', { orderNumber: order.orderNumber, waybillCode: ownGateway.sandbox.issuedWaybill(order.orderNumber)?.waybillCode ?? '' }), { timeout: 30_000 });
      await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
      await scan(page, BARCODE);
      await expect(alarm).toContainText(text('verification.alarm.one-too-many', { goods: lineName(order), barcode: BARCODE }));
      expect(ownGateway.sandbox.calls().filter((call) => call.endpoint === 'issue' && call.code === 0)).toHaveLength(1);
    });

    // Behaviour, not words: one language, the two taking turns (README, Tests: languages in the e2e suite).
    if (locale === 'en') test('an item scanned, or a count by hand confirmed, for one order and judged after the next order (or the same one again) was scanned counts for neither: the alarm says so, nothing is released', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      await stationCall(request, stationHost, 'settings.update', { patch: { verification: { enabled: true } } });
      const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
      const single = (await ordersWithGoods(request, stationHost)).filter((candidate) => candidate.goodsCount === 1);
      // Two parcels of the same one item: counted for the wrong order, the item would complete the next one.
      const first = single.find((candidate) => single.some((other) => other !== candidate && lineName(other) === lineName(candidate)));
      const next = single.find((other) => other !== first && first !== undefined && lineName(other) === lineName(first));
      if (!first || !next) throw new Error('the demo shop has no two valid single-item orders of the same goods');
      await stationCall(request, stationHost, 'verification.learn', { shopId: first.shopId, barcode: BARCODE, goodsName: first.goodsName, goodsSpec: first.goodsSpec });
      await chooseScanMode(page, locale, 'verify');
      // The shop's learned barcodes reach the page only once the next order is scanned (the browser
      // host's HTTP calls held): the item waits for them, the next order's scan does not.
      let letThrough = (): void => undefined;
      const holdBarcodes = () => {
        const held = new Promise<void>((resolveHeld) => (letThrough = resolveHeld));
        return held;
      };
      let held = holdBarcodes();
      await page.route('**/ipc/verification.barcodes', async (route) => {
        await held;
        await route.continue();
      });
      const panel = page.getByRole('region', { name: text('verification.label') });
      await scan(page, first.orderNumber);
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText('0 / 1');
      await scan(page, BARCODE);
      await scan(page, next.orderNumber);
      await expect(panel).toContainText(next.orderNumber);
      letThrough();

      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.item-order-changed', { code: BARCODE, orderNumber: first.orderNumber }));
      await expect(panel.getByRole('alert')).toContainText(text('verification.alarm.order-changed', { barcode: BARCODE }));
      await expect(panel).toContainText(next.orderNumber);
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText('0 / 1');
      expect(ownGateway.sandbox.issuedWaybill(first.orderNumber)).toBeUndefined();
      expect(ownGateway.sandbox.issuedWaybill(next.orderNumber)).toBeUndefined();

      // The same order scanned again while an item of its verifying waits starts again at nought: the
      // item (a second barcode of the same goods, not on the page yet) counts in neither.
      await stationCall(request, stationHost, 'verification.learn', { shopId: next.shopId, barcode: SECOND_BARCODE, goodsName: next.goodsName, goodsSpec: next.goodsSpec });
      held = holdBarcodes();
      // A second after its last scan, so the order's number read again is no double scan.
      await delay(1_100);
      await scan(page, SECOND_BARCODE);
      await scan(page, next.orderNumber);
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.verify-started', { orderNumber: next.orderNumber }));
      letThrough();
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.item-order-changed', { code: SECOND_BARCODE, orderNumber: next.orderNumber }));
      await expect(panel.getByRole('alert')).toContainText(text('verification.alarm.order-changed', { barcode: SECOND_BARCODE }));
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText('0 / 1');
      expect(ownGateway.sandbox.issuedWaybill(next.orderNumber)).toBeUndefined();

      // A count by hand confirmed while the same order is scanned again (its record held on the way)
      // is not given to the new verifying: it stays at nought and nothing is released.
      let recordThrough = (): void => undefined;
      const recordHeld = new Promise<void>((resolveHeld) => (recordThrough = resolveHeld));
      await page.route('**/ipc/verification.record', async (route) => {
        await recordHeld;
        await route.continue();
      });
      await panel.getByRole('button', { name: text('verification.noBarcode') }).click();
      await panel.getByRole('textbox', { name: text('verification.handReason') }).fill('label torn');
      // A second after the order's last scan, so reading it again is no double scan.
      await delay(1_100);
      await panel.getByRole('button', { name: text('verification.handConfirm') }).click();
      await scan(page, next.orderNumber);
      await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.verify-started', { orderNumber: next.orderNumber }));
      const overrideRecorded = page.waitForResponse((response) => response.url().endsWith('/ipc/verification.record') && (response.request().postData() ?? '').includes('verification.override'));
      recordThrough();
      await overrideRecorded;
      await expect(panel.getByLabel(text('verification.countLabel'))).toHaveText('0 / 1');
      await expect(panel).not.toContainText(text('verification.stage.released'));
      await page.unroute('**/ipc/verification.record');

      // Scanned again for the order being verified (a second after its last scan: no double scan), it counts there, and that order alone goes.
      await page.unroute('**/ipc/verification.barcodes');
      await scan(page, BARCODE);
      await expect(panel).toContainText(text('verification.stage.released'));
      await expect.poll(() => ownGateway.sandbox.issuedWaybill(next.orderNumber), { timeout: 30_000 }).toBeDefined();
      expect(ownGateway.sandbox.issuedWaybill(first.orderNumber)).toBeUndefined();
    });

    // Behaviour, not words: one language, the two taking turns (README, Tests: languages in the e2e suite).
    if (locale === 'zh-CN') test('a weighed order: the scale’s stable weight goes in the issue request (grams) and the history; unplugged, nothing is issued', async ({ openStation, request, stationHost, ownGateway }) => {
      if (!ownGateway) throw new Error('the own gateway did not start');
      // The scale: a pseudo-terminal pair made by socat, sending status lines as a shipping scale does.
      const scale: EmulatedScale = await startEmulatedScale();
      let frame = 'US,GS,+  1.100kg\r\n';
      let sending = true;
      const feeding = (async () => {
        while (sending) {
          await scale.send(frame).catch(() => undefined);
          await delay(100);
        }
      })();
      try {
        await stationCall(request, stationHost, 'settings.update', { patch: { scale: { enabled: true, port: scale.port, framing: 'status-line', stableMs: 400 } } });
        const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
        const [first, second] = (await validAndInvalidOrders(request, stationHost, 40)).valid;
        if (!first || !second) throw new Error('the demo shop has not two valid orders');
        const badge = page.getByRole('status', { name: text('scale.badgeLabel') });
        await expect(badge).toContainText(text('scale.state.unstable'));
        frame = 'ST,GS,+  1.234kg\r\n';
        await expect(badge).toHaveText(`${text('scale.state.stable')} 1.234 kg`);
        await saveScreenshot(page, 'scale-stable', locale);

        await chooseScanMode(page, locale, 'print');
        await scan(page, first);
        await expect.poll(() => sentWeights(ownGateway).get(first), { timeout: 30_000 }).toEqual([1234]);
        await expect.poll(async () => (await stationCall(request, stationHost, 'history.search', { text: first })).rows[0]?.weightG, { timeout: 30_000 }).toBe(1234);
        expect((await stationCall(request, stationHost, 'history.export-csv', {})).text).toMatch(new RegExp(`${first},[^\\r\\n]*,1234\\r\\n`));

        // Unplugged: the header says so, and a scanned order is not issued (typing the weight stays possible in the plan).
        await scale.unplug();
        await expect(badge).toContainText(text('scale.state.unplugged'));
        await saveScreenshot(page, 'scale-unplugged', locale);
        await page.getByRole('grid', { name: text('orders.gridLabel') }).focus();
        await scan(page, second);
        await expect(page.getByLabel(text('scan.resultLabel'))).toContainText(text('scan.outcome.print-not-issued', { orderNumber: second }));
        await delay(1000);
        expect(ownGateway.sandbox.issuedWaybill(second)).toBeUndefined();
        expect(sentWeights(ownGateway).has(second)).toBe(false);
      } finally {
        sending = false;
        await feeding;
        await scale.close();
      }
    });
  });
}
