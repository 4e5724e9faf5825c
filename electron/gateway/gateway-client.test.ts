import { afterEach, describe, expect, it } from 'vitest';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { gatewayEndpoint } from '../../shared/gateway/endpoints';
import { chinaDayOf } from '../../shared/time/china-time';
import type { DemoOrder, SandboxQuirks } from '../demo/sandbox/index';
import { DEMO_NETWORK, SANDBOX_FEES } from '../demo/sandbox/index';
import { decryptSandboxPrintData } from '../demo/sandbox-print-crypto';
import type { GatewayTestBench } from './testing/gateway-test-bench';
import { demoIssueRequest as issueRequest, demoSender, issuableEntries, itemAt, openGatewayTestBench, ytoTemplateUrl as ytoTemplate } from './testing/gateway-test-bench';
import type { GatewayVariant } from './testing/gateway-variant-proxy';
import { startGatewayVariant } from './testing/gateway-variant-proxy';
import { createPathMemory } from './path-memory';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function bench(options: Parameters<typeof openGatewayTestBench>[0] = {}): Promise<GatewayTestBench> {
  const opened = await openGatewayTestBench(options);
  cleanups.push(() => opened.close());
  return opened;
}

async function variant(target: string, decide: Parameters<typeof startGatewayVariant>[1]): Promise<GatewayVariant> {
  const started = await startGatewayVariant(target, decide);
  cleanups.push(() => started.close());
  return started;
}

/** The sold order the sandbox holds, as the client must decode it whatever the wire shape. */
function expectedSoldOrder(order: DemoOrder): SoldOrder {
  return {
    orderNumber: order.orderSn,
    receiverName: order.receiverName,
    receiverPhone: order.receiverPhone,
    province: order.province,
    city: order.city,
    district: order.district,
    addressDetail: order.address,
    goodsName: order.goodsName,
    goodsSpec: order.goodsSpec,
    goodsImageUrl: order.goodsImg,
    goodsCount: order.goodsCount,
    payAmountFen: order.payAmountFen,
    orderStatus: order.orderStatus,
    isPreSale: order.isPreSale,
    lastShipAt: Math.floor(order.lastShipTime / 1000) * 1000,
    confirmedAt: Math.floor(order.confirmTime / 1000) * 1000,
    remark: order.remark,
    flag: order.remarkTag,
    flagName: order.remarkTagName,
  };
}

describe('gateway client against the sandbox: decoding', () => {
  it.each<SandboxQuirks>(['sample', 'field-table'])('decodes sold orders, subscription and network info in the %s shape', async (quirks) => {
    const opened = await bench({ sandbox: { quirks, orders: 120 } });
    const client = opened.client();

    const page = await client.soldOrdersPage({ page: 1, pageSize: 50 });
    if (!page.ok) throw new Error(page.error.code);
    expect(page.data).toMatchObject({ page: 1, pageSize: 50, totalElements: 120, skippedEntries: 0, points: SANDBOX_FEES['sold-orders'] });
    // Times on the wire are ms epochs (sample) or whole seconds of wall-clock text (field table).
    const expected = opened.sandbox.orders().slice(50, 100).map(expectedSoldOrder);
    const received = page.data.orders.map((order) => ({
      ...order,
      lastShipAt: Math.floor((order.lastShipAt ?? 0) / 1000) * 1000,
      confirmedAt: Math.floor((order.confirmedAt ?? 0) / 1000) * 1000,
      goodsSpec: quirks === 'field-table' ? expected.find((candidate) => candidate.orderNumber === order.orderNumber)?.goodsSpec : order.goodsSpec,
    }));
    expect(received).toEqual(expected);

    const subscription = await client.subscription();
    const period = opened.sandbox.subscription();
    expect(subscription).toEqual({
      ok: true,
      data: { startsAt: Math.floor(period.start / 1000) * 1000, endsAt: Math.floor(period.end / 1000) * 1000, status: '使用中', versionNo: 2, points: SANDBOX_FEES.subscription },
    });

    const network = await client.networkInfo();
    if (!network.ok) throw new Error(network.error.code);
    expect(network.data.points).toBe(SANDBOX_FEES['network-info']);
    expect(network.data.carriers.map((carrier) => carrier.carrierCode)).toEqual(DEMO_NETWORK.map((account) => account.cpCode));
    const yuhang = network.data.carriers[0]?.branches[0];
    expect(yuhang?.branchCode).toBe('571001');
    expect(yuhang?.senderAddresses[0]).toMatchObject({ province: '浙江省', city: '杭州市', district: '余杭区', detail: demoSender.address.detail });
    expect(yuhang?.services.map((service) => service.code)).toEqual(['SVC-COD', 'SVC-INSURE']);
  });

  it('issues waybills matched by object_id, with print data decoded once (encrypted and plain)', async () => {
    const opened = await bench();
    const client = opened.client();
    const entries = await issuableEntries(client, 6);

    const encrypted = await client.issueWaybills(issueRequest(entries.slice(0, 3), true));
    const plain = await client.issueWaybills(issueRequest(entries.slice(3, 6), false));
    for (const [result, isEncrypted, slice] of [[encrypted, true, entries.slice(0, 3)], [plain, false, entries.slice(3, 6)]] as const) {
      if (!result.ok) throw new Error(result.error.code);
      expect(result.data.points).toBe(SANDBOX_FEES.issue);
      expect(result.data.outcomes.map((outcome) => outcome.objectId)).toEqual(slice.map((entry) => entry.objectId));
      for (const outcome of result.data.outcomes) {
        if (outcome.status !== 'issued') throw new Error(outcome.status);
        // The sandbox answers in shuffled order: each waybill must be the one of its own order.
        expect(outcome.waybill.waybillCode).toBe(opened.sandbox.issuedWaybill(outcome.objectId)?.waybillCode);
        if (!outcome.waybill.printData.ok) throw new Error('print data unreadable');
        const printData = outcome.waybill.printData.data;
        expect(printData.encrypted).toBe(isEncrypted);
        expect(printData.templateUrl).toBe(ytoTemplate);
        const content = isEncrypted
          ? decryptSandboxPrintData(printData.content as never)
          : (printData.content.data as { waybillCode: string });
        expect(content.waybillCode).toBe(outcome.waybill.waybillCode);
      }
    }

    const fifth = itemAt(entries, 4).objectId;
    const first = itemAt(entries, 0).objectId;
    const queried = await client.queryIssuedWaybills([fifth, 'never-issued-1', first]);
    if (!queried.ok) throw new Error(queried.error.code);
    expect(queried.data.outcomes.map((outcome) => [outcome.orderNumber, outcome.status])).toEqual([
      [fifth, 'found'],
      ['never-issued-1', 'not-issued'],
      [first, 'found'],
    ]);
    const [found] = queried.data.outcomes;
    expect(found?.status === 'found' && found.waybill.waybillCode).toBe(opened.sandbox.issuedWaybill(fifth)?.waybillCode);
  });

  it('validates locally and sends nothing when an entry breaks a limit', async () => {
    const opened = await bench();
    const client = opened.client();
    const entry = itemAt(await issuableEntries(client, 1), 0);
    opened.sandbox.clearCalls();
    const tooLong = { ...entry, recipient: { ...entry.recipient, name: '名'.repeat(41) } };
    const result = await client.issueWaybills(issueRequest([tooLong]));
    expect(result).toEqual({
      ok: false,
      error: { code: 'validation.too-long', params: { orderId: entry.objectId, field: 'recipient.name', length: 41, limit: 40 }, retryable: false },
    });
    const eleven = await client.queryIssuedWaybills(Array.from({ length: 21 }, (_, index) => `O${index}`));
    expect(!eleven.ok && eleven.error.code).toBe('validation.batch-too-large');
    expect(opened.sandbox.calls()).toEqual([]);
  });

  it('books every answered call in the cost ledger, matching what the sandbox charged', async () => {
    const opened = await bench();
    const client = opened.client();
    const before = opened.sandbox.pointsBalance();
    const entries = await issuableEntries(client, 2);
    await client.issueWaybills(issueRequest(entries), { jobId: 'job-7' });
    await client.subscription({ jobId: 'job-7' });
    await client.networkInfo();
    const charged = before - opened.sandbox.pointsBalance();
    const today = await opened.backend.read.costs.totalForChinaDay(chinaDayOf(Date.now()));
    expect(today.points).toBe(charged);
    expect(today.calls).toBe(opened.sandbox.calls().length);
    expect(await opened.backend.read.costs.totalForJob('job-7')).toEqual({ calls: 2, points: SANDBOX_FEES.issue + SANDBOX_FEES.subscription });
  });

  it('cancels a read waiting for its slot without sending it', async () => {
    const opened = await bench({ limiter: { limit: 1, windowMs: 2000, marginMs: 0 } });
    const client = opened.client();
    await client.subscription();
    const controller = new AbortController();
    const waiting = client.networkInfo({}, { signal: controller.signal });
    controller.abort();
    expect(await waiting).toEqual({ ok: false, error: { code: 'cancelled', params: {}, retryable: true } });
    expect(opened.sandbox.calls().map((call) => call.endpoint)).toEqual(['subscription']);
  });

  it('cancels a read in flight', async () => {
    const opened = await bench({ sandbox: { faults: { latencyMs: 2000 } } });
    const client = opened.client();
    const controller = new AbortController();
    const pending = client.subscription({ signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('gateway client: editions and bodies', () => {
  const vvtypesSent = (opened: GatewayTestBench): Record<string, unknown> =>
    Object.fromEntries(opened.sandbox.calls().map((call) => [call.endpoint, (call.body as { vvtype?: unknown }).vvtype ?? null]));

  it.each([
    ['basic', { 'sold-orders': '2', subscription: '1', 'network-info': null, 'query-issued': 1 }],
    ['enhanced', { 'sold-orders': '1', subscription: '2', 'network-info': null, 'query-issued': 1 }],
    ['standard', { 'sold-orders': '1', subscription: '3', 'network-info': null, 'query-issued': 3 }],
  ] as const)('sends the %s edition’s vvtype per endpoint (none to network info)', async (edition, expected) => {
    const opened = await bench();
    const client = opened.client({ edition });
    await client.soldOrdersPage({ page: 0, pageSize: 1 });
    await client.subscription();
    await client.networkInfo();
    await client.queryIssuedWaybills(['1']);
    expect(vvtypesSent(opened)).toEqual(expected);
  });

  it('lets an advanced setting override one endpoint’s vvtype, or leave it out', async () => {
    const opened = await bench();
    const client = opened.client({ edition: 'standard', vvtypeOverrides: { subscription: 1, 'sold-orders': null } });
    await client.soldOrdersPage({ page: 0, pageSize: 1 });
    await client.subscription();
    await client.queryIssuedWaybills(['1']);
    expect(vvtypesSent(opened)).toEqual({ 'sold-orders': null, subscription: '1', 'query-issued': 3 });
  });

  it('sends the form endpoints as multipart/form-data and the others as JSON', async () => {
    const opened = await bench();
    const gateway = await variant(opened.sandbox.url, () => ({ kind: 'forward' }));
    const client = opened.client({ baseUrl: gateway.url });
    const entry = itemAt(await issuableEntries(client, 1), 0);
    await client.subscription();
    await client.networkInfo();
    await client.queryIssuedWaybills(['1']);
    await client.issueWaybills(issueRequest([entry]));
    const byPath = Object.fromEntries(gateway.requests().map((request) => [request.path, request.contentType.split(';')[0]]));
    expect(byPath).toMatchObject({
      [gatewayEndpoint('sold-orders').path]: 'multipart/form-data',
      [gatewayEndpoint('subscription').path]: 'multipart/form-data',
      [gatewayEndpoint('network-info').path]: 'application/json',
      [gatewayEndpoint('query-issued').path]: 'application/json',
      [gatewayEndpoint('issue').path]: 'application/json',
    });
  });
});

describe('gateway client: path aliases', () => {
  const subscriptionPath = gatewayEndpoint('subscription').path;
  const networkPath = gatewayEndpoint('network-info').path;

  it.each([
    ['HTTP 404', { status: 404, body: 'Not Found' }],
    ['envelope code 404', { status: 200, body: { code: 404, msg: '请求路径或请求方法错误', msec: 0, time: 0, data: null } }],
  ])('falls back to the alias on %s once, and remembers it per base URL', async (_kind, notFound) => {
    const opened = await bench();
    const gateway = await variant(opened.sandbox.url, (request) =>
      request.path === subscriptionPath || request.path === networkPath ? { kind: 'answer', ...notFound } : { kind: 'forward' },
    );
    const pathMemory = createPathMemory();
    const viaVariant = opened.client({ baseUrl: gateway.url, pathMemory });

    expect((await viaVariant.subscription()).ok).toBe(true);
    expect((await viaVariant.subscription()).ok).toBe(true);
    expect((await viaVariant.networkInfo()).ok).toBe(true);
    expect(gateway.requests().map((request) => request.path)).toEqual([
      subscriptionPath,
      gatewayEndpoint('subscription').alias,
      gatewayEndpoint('subscription').alias,
      networkPath,
      gatewayEndpoint('network-info').alias,
    ]);

    // Another base URL has its own memory: the sandbox itself answers on the listed path.
    opened.sandbox.clearCalls();
    const direct = opened.client({ pathMemory });
    expect((await direct.subscription()).ok).toBe(true);
    expect(opened.sandbox.calls().map((call) => call.path)).toEqual([subscriptionPath]);
  });

  it('reports a configuration error when the path and its alias both answer 404', async () => {
    const opened = await bench();
    const gateway = await variant(opened.sandbox.url, () => ({ kind: 'answer', status: 404, body: '' }));
    const result = await opened.client({ baseUrl: gateway.url }).subscription();
    expect(result).toEqual({
      ok: false,
      error: { code: 'gateway.path-not-found', params: { path: `${subscriptionPath} / ${gatewayEndpoint('subscription').alias}` }, retryable: false },
    });
    expect(gateway.requests()).toHaveLength(2);
  });
});

describe('gateway client: print data a gateway variant garbles', () => {
  it('keeps the waybill number and reports the unreadable print data for that order only', async () => {
    const opened = await bench();
    const issuePath = gatewayEndpoint('issue').path;
    let garbled = '';
    const gateway = await variant(opened.sandbox.url, (request) =>
      request.path === issuePath
        ? {
            kind: 'forward',
            rewrite: (envelope) => {
              const data = envelope.data as { platform_waybill_ii_get_response: { modules: { waybill_cloud_print_response: Array<Record<string, unknown>> } } };
              const [first] = data.platform_waybill_ii_get_response.modules.waybill_cloud_print_response;
              garbled = String(first?.object_id);
              if (first) first.print_data = String(first.print_data).slice(0, 30);
              return envelope;
            },
          }
        : { kind: 'forward' },
    );
    const client = opened.client({ baseUrl: gateway.url });
    const entries = await issuableEntries(client, 3);
    const result = await client.issueWaybills(issueRequest(entries));
    if (!result.ok) throw new Error(result.error.code);
    for (const outcome of result.data.outcomes) {
      if (outcome.status !== 'issued') throw new Error(outcome.status);
      expect(outcome.waybill.waybillCode).toBe(opened.sandbox.issuedWaybill(outcome.objectId)?.waybillCode);
      if (outcome.objectId === garbled) {
        expect(outcome.waybill.printData).toEqual({
          ok: false,
          error: { code: 'gateway.print-data-unreadable', params: { objectId: garbled, waybillCode: outcome.waybill.waybillCode }, retryable: false },
        });
      } else {
        expect(outcome.waybill.printData.ok).toBe(true);
      }
    }
  });
});
