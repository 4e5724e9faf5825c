import { confirmLabelPreview, issueUi, openHistory, openIssuePlan, selectByScanning, validAndInvalidOrders } from './issue-print-actions';
import { openOwnGatewayDesk } from './own-gateway-desk';
import { saveScreenshot } from './screenshots';
import { expect, test } from './station-fixtures';
import { uiText } from './ui-text';

test.use({ useOwnGateway: true, demoOrders: 40 });

// One order in several parcels with its goods split (一单多包, 拆单) beside an ordinary order, from
// the plan's per-order values to the labels and the history's parcel lines.
// Behaviour, not words, is what these tests check: each runs in one language, the two taking turns
// over the spec (README, Tests: languages in the e2e suite).
for (const locale of ['zh-CN', 'en'] as const) {
  const text = (key: string, params: Record<string, string | number> = {}) => uiText(locale, key, params);

  if (locale === 'zh-CN') test(`an order in two parcels with its goods split: two waybills and labels, grouped in the history (${locale})`, async ({ openStation, request, stationHost, ownGateway }) => {
    test.setTimeout(120_000);
    if (!ownGateway) throw new Error('the own gateway did not start');
    const page = await openOwnGatewayDesk(openStation, request, stationHost, ownGateway, 40, locale);
    const ui = issueUi(page, locale);
    const { valid } = await validAndInvalidOrders(request, stationHost, 40);
    const goodsOf = new Map(ownGateway.sandbox.orders().map((order) => [order.orderSn, order.goodsCount]));
    const parcelOrder = valid.find((orderNumber) => (goodsOf.get(orderNumber) ?? 0) >= 2);
    const plain = valid.find((orderNumber) => orderNumber !== parcelOrder);
    if (!parcelOrder || !plain) throw new Error('the demo shop has no valid order with two goods or more');
    const goods = goodsOf.get(parcelOrder) ?? 0;
    await selectByScanning(page, locale, [parcelOrder, plain]);
    await openIssuePlan(page, locale, 2);

    // Two parcels for the first order, its goods shared out over them: the plan is made again by itself.
    await ui.drawer.getByRole('button', { name: new RegExp(text('issuePrint.options.title')) }).click();
    await ui.drawer.getByText(text('issuePrint.options.perOrder'), { exact: true }).click();
    await ui.drawer.getByRole('spinbutton', { name: `${parcelOrder} ${text('issuePrint.options.parcels')}` }).fill('2');
    const row = ui.drawer.getByRole('row').filter({ hasText: parcelOrder });
    await row.getByRole('checkbox', { name: text('issuePrint.options.split') }).check();
    const first = ui.drawer.getByRole('spinbutton', { name: text('issuePrint.options.splitParcel', { orderNumber: parcelOrder, parcel: 1 }) });
    const second = ui.drawer.getByRole('spinbutton', { name: text('issuePrint.options.splitParcel', { orderNumber: parcelOrder, parcel: 2 }) });
    await first.fill('1');
    await second.fill(String(goods - 1));
    await expect(ui.figures).toContainText(text('issuePrint.plan.waybillsForPackages', { count: 2, waybills: 3, several: text('issuePrint.plan.ordersInParcels', { count: 1 }) }));
    await saveScreenshot(page, 'plan-parcels', locale);

    await ui.start(3).click();
    await confirmLabelPreview(page, locale, 3);
    await expect(ui.printing).toContainText(ui.printedAll(3), { timeout: 30_000 });

    // The sandbox received both parcels in one call, each with its package id and share of the goods.
    type Body = { param_waybill_cloud_print_apply_new_request: { multi_packages_shipment?: boolean; trade_order_info_dtos: Array<{ object_id: string; package_info: { id?: string; items: Array<{ count: number }> } }> } };
    const [call, ...more] = ownGateway.sandbox.calls().filter((candidate) => candidate.endpoint === 'issue' && candidate.code === 0);
    expect(more).toEqual([]);
    const body = (call?.body as Body).param_waybill_cloud_print_apply_new_request;
    expect(body.multi_packages_shipment).toBe(true);
    expect(body.trade_order_info_dtos.map((entry) => [entry.object_id, entry.package_info.items.map((item) => item.count)])).toEqual([
      [parcelOrder, [1]],
      [`${parcelOrder}#2`, [goods - 1]],
      [plain, [goodsOf.get(plain)]],
    ]);

    // The history: a line per parcel, tagged, under the order.
    await ui.dismiss.click();
    const history = await openHistory(page, locale);
    await history.search.fill(parcelOrder);
    await expect(history.rows).toHaveCount(2);
    await expect(history.rows.nth(0)).toContainText(text('history.parcel', { no: 1, total: 2 }));
    await expect(history.rows.nth(1)).toContainText(text('history.parcel', { no: 2, total: 2 }));
    await saveScreenshot(page, 'history-parcels', locale);
  });
}
