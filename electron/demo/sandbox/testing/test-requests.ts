import { gatewayEndpoint, type GatewayEndpointId } from '../../../../shared/gateway/endpoints';
import { DEMO_SENDER, DEMO_WAREHOUSE, STANDARD_TEMPLATES, standardTemplateUrl } from '../demo-network';
import type { DemoOrder } from '../demo-orders';
import type { Envelope } from '../envelope';
import type { RunningSandbox } from '../sandbox-types';

/**
 * Request builders for the sandbox's own tests (real HTTP with fetch and FormData): a call to an
 * endpoint, and valid issue requests made from demo orders, which each test then breaks in one
 * way.
 */

/** An answer: HTTP status and the envelope (null when the body was not JSON). */
export interface TestAnswer {
  status: number;
  envelope: Envelope;
}

/** How to call: the path (default the endpoint's primary), the token (default the sandbox's; null for none). */
export interface CallOptions {
  path?: string;
  token?: string | null;
}

/**
 * POSTs to an endpoint with the body kind the endpoint expects: JSON, or multipart FormData for
 * form endpoints (values are strings).
 */
export async function callEndpoint(sandbox: RunningSandbox, id: GatewayEndpointId, body: object, options: CallOptions = {}): Promise<TestAnswer> {
  const endpoint = gatewayEndpoint(id);
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? sandbox.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | FormData;
  if (endpoint.body === 'json') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  } else {
    payload = new FormData();
    for (const [key, value] of Object.entries(body)) payload.append(key, String(value));
  }
  const response = await fetch(`${sandbox.url}${options.path ?? endpoint.path}`, { method: 'POST', headers, body: payload });
  return { status: response.status, envelope: (await response.json()) as Envelope };
}

/** The value, or an error naming what is missing: the tests' stand-in for a non-null assertion. */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** The URL of the first standard template of a carrier. */
export function templateUrlOf(cpCode: string): string {
  return standardTemplateUrl(defined(STANDARD_TEMPLATES.find((template) => template.cpCode === cpCode), `${cpCode} template`));
}

/** The YTO template the tests use. */
export const YTO_TEMPLATE_URL = templateUrlOf('YTO');

/** A plain JSON object, for building and breaking requests. */
export type Json = Record<string, unknown>;

/** A valid trade_order_info_dtos entry for demo orders (several orders: one merged package). */
export function issueEntry(sandbox: RunningSandbox, orders: readonly DemoOrder[], templateUrl = YTO_TEMPLATE_URL): Json {
  const first = orders[0];
  if (!first) throw new Error('an entry needs at least one order');
  return {
    object_id: first.orderSn,
    order_info: { order_channels_type: first.channel, trade_order_list: orders.map((order) => order.orderSn) },
    package_info: { items: orders.map((order) => ({ name: `${order.goodsName} ${order.goodsSpec}`, count: order.goodsCount })) },
    recipient: {
      name: first.receiverName,
      mobile: first.receiverPhone,
      address: { province: first.province, city: first.city, district: first.district, detail: first.address },
      tid: first.orderSn,
    },
    template_url: templateUrl,
    user_id: sandbox.userId,
  };
}

/** A valid issue body: YTO from the demo warehouse (branch 571001). */
export function issueBody(sandbox: RunningSandbox, entries: Json[], request: Json = {}): Json {
  return {
    shop_id: sandbox.shopId,
    vvtype: 1,
    param_waybill_cloud_print_apply_new_request: {
      cp_code: 'YTO',
      sender: { ...DEMO_SENDER, address: { ...DEMO_WAREHOUSE } },
      trade_order_info_dtos: entries,
      ...request,
    },
  };
}

/** Demo orders that issue without error (no special notes), `count` of them. */
export function plainOrders(sandbox: RunningSandbox, count: number, skip = 0): DemoOrder[] {
  const orders = sandbox
    .orders()
    .filter((order) => order.notes.length === 0 && order.receiverName.length <= 40 && order.province !== '西藏自治区')
    .slice(skip, skip + count);
  if (orders.length < count) throw new Error(`only ${orders.length} plain demo orders`);
  return orders;
}
