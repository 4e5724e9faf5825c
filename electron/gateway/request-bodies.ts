import type { IssueEntry, IssueRequest, Party, Recipient } from '../../shared/domain/issue-entry';
import type { SoldOrderFilters } from '../../shared/domain/sold-order';
import { formatChinaDateTime } from '../../shared/time/china-time';
import type { GatewayRequestBody } from './gateway-transport';

export type { SoldOrderFilters } from '../../shared/domain/sold-order';

/**
 * The wire bodies of the five endpoints (spec 4.1–4.5, bodies per decisions.md), exact in what
 * they send: optional fields that are empty are left out, numbers the spec types as strings are
 * sent as strings, vvtype only where the edition table gives one.
 */

/** Who the calls are made for. */
export interface AccountIdentity {
  shopId: string;
  sellerNick: string;
  /** The merchant id actually using the waybill account (user_id of each issue entry). */
  userId: number;
}

/** The filter fields present in a filter set, by their wire names. */
export function soldOrderFilterFields(filters: SoldOrderFilters): Record<string, string> {
  const fields: Record<string, string> = {};
  if (filters.startAt !== undefined) fields.start_time = formatChinaDateTime(filters.startAt);
  if (filters.endAt !== undefined) fields.end_time = formatChinaDateTime(filters.endAt);
  if (filters.remark !== undefined && filters.remark !== '') fields.remark = filters.remark;
  if (filters.flag !== undefined) fields.remarkTag = String(filters.flag);
  if (filters.flagName !== undefined && filters.flagName !== '') fields.remarkTagName = filters.flagName;
  return fields;
}

const withVvtype = (vvtype: number | null): { vvtype?: number } => (vvtype === null ? {} : { vvtype });

/** Sold orders, one page (form fields; page 0 is the first). */
export function soldOrdersBody(
  account: AccountIdentity,
  page: { page: number; pageSize: number },
  filters: SoldOrderFilters,
  vvtype: number | null,
): GatewayRequestBody {
  return {
    kind: 'form',
    fields: {
      owner_id: account.shopId,
      ...(vvtype === null ? {} : { vvtype: String(vvtype) }),
      page: String(page.page),
      pageSize: String(page.pageSize),
      ...soldOrderFilterFields(filters),
    },
  };
}

/** Subscription period (form fields). */
export function subscriptionBody(account: AccountIdentity, vvtype: number | null): GatewayRequestBody {
  return { kind: 'form', fields: { nick: account.sellerNick, ...(vvtype === null ? {} : { vvtype: String(vvtype) }) } };
}

/** Branch / network info (JSON; platform 1 is the only one the gateway accepts). */
export function networkInfoBody(account: AccountIdentity, carrierCode: string | undefined, vvtype: number | null): GatewayRequestBody {
  return {
    kind: 'json',
    value: { owner_id: account.shopId, platform: '1', ...(carrierCode ? { wp_code: carrierCode } : {}), ...withVvtype(vvtype) },
  };
}

/** Query issued waybills: each order number is its own object_id, so results match by it. */
export function queryIssuedBody(account: AccountIdentity, orderNumbers: readonly string[], vvtype: number | null): GatewayRequestBody {
  return {
    kind: 'json',
    value: {
      shop_id: account.shopId,
      param_list: orderNumbers.map((orderNumber) => ({ biz_sub_code: orderNumber, object_id: orderNumber })),
      ...withVvtype(vvtype),
    },
  };
}

const nonEmpty = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));

function partyBody(party: Party): Record<string, unknown> {
  return {
    ...nonEmpty({ name: party.name, mobile: party.mobile, phone: party.phone }),
    address: nonEmpty({ ...party.address }),
  };
}

function recipientBody(recipient: Recipient): Record<string, unknown> {
  return { ...partyBody(recipient), ...nonEmpty({ oaid: recipient.oaid, tid: recipient.tid, caid: recipient.caid }) };
}

function entryBody(entry: IssueEntry, userId: number): Record<string, unknown> {
  return {
    object_id: entry.objectId,
    order_info: { order_channels_type: entry.orderChannel, trade_order_list: [...entry.orderNumbers] },
    package_info: {
      ...(entry.packageId === '' ? {} : { id: entry.packageId }),
      items: entry.items.map((item) => ({
        name: item.name,
        count: item.count,
        ...(item.weightG === undefined ? {} : { weight: item.weightG }),
        ...(item.volumeMl === undefined ? {} : { volume: item.volumeMl }),
      })),
    },
    recipient: recipientBody(entry.recipient),
    template_url: entry.templateUrl,
    user_id: userId,
    ...(entry.logisticsServices.trim() === '' ? {} : { logistics_services: entry.logisticsServices }),
  };
}

/** The request-level options that are set: monthly card, brand, several parcels of an order, pickup booking. */
function requestOptions(request: IssueRequest): Record<string, unknown> {
  const pickUp = request.doorPickUp ?? null;
  return {
    ...nonEmpty({ customer_code: request.customerCode ?? '', brand_code: request.brandCode ?? '' }),
    ...(request.multiPackagesShipment === true ? { multi_packages_shipment: true } : {}),
    ...(pickUp === null ? {} : { call_door_pick_up: true, door_pick_up_time: pickUp.start, door_pick_up_end_time: pickUp.end }),
  };
}

/** Issue waybills (JSON). product_code is never sent (spec: it causes a service-description error). */
export function issueBody(account: AccountIdentity, request: IssueRequest, vvtype: number | null): GatewayRequestBody {
  return {
    kind: 'json',
    value: {
      shop_id: account.shopId,
      ...withVvtype(vvtype),
      // need_encrypt, shipping_branch_code and the other options have no documented nesting level: they go with the request.
      param_waybill_cloud_print_apply_new_request: {
        cp_code: request.carrierCode,
        ...(request.branchCode === '' ? {} : { shipping_branch_code: request.branchCode }),
        need_encrypt: request.needEncrypt,
        ...requestOptions(request),
        sender: partyBody(request.sender),
        trade_order_info_dtos: request.entries.map((entry) => entryBody(entry, account.userId)),
      },
    },
  };
}
