import { carrierTakesParcels } from '../../../shared/domain/carriers';
import { isOrderChannel } from '../../../shared/domain/order-channels';
import {
  ISSUE_LIMITS,
  ORDER_NUMBER_PATTERN,
  PACKAGE_ID_PATTERN,
  RECIPIENT_LIMITS,
  SENDER_LIMITS,
  isAscii,
  textLength,
  type PartyField,
  type PartyFieldLimits,
} from '../../../shared/gateway/issue-limits';
import type { IssueRejectionId, IssueRejectionParams } from '../../../shared/gateway/issue-rejections';
import type { PrintParty } from '../sandbox-print-crypto';
import { STANDARD_TEMPLATES, TEMPLATE_HOST, carrierAccount, type BranchDefinition, type CarrierAccount, type SenderAddress } from './demo-network';
import {
  ParameterError,
  isJsonObject,
  optionalArray,
  optionalBoolean,
  optionalNumber,
  optionalObject,
  optionalString,
  type JsonObject,
} from './request-fields';
import type { SandboxShop, SandboxState, WaybillRequest } from './sandbox-state';

/**
 * Every rule of the issue call (spec 4.3, 7.2, 8 and decisions.md), checked in a fixed order;
 * the first violation rejects the whole call with its own 614 message, and nothing is allocated.
 * Wrong JSON types are parameter errors (code 100) instead.
 *
 * Where the branch comes from: the request has no branch field of its own; the spec lists
 * shipping_branch_code among the optional fields without a nesting level. The sandbox takes
 * shipping_branch_code from the request object (or, failing that, the top level) when given —
 * the sender address must then be one of that branch's — and otherwise the first branch of the
 * carrier whose shipp_address_cols contain the sender address. No such branch: 614 "sender
 * address has no matching service".
 *
 * One order in several parcels (一单多包): with multi_packages_shipment (request level, or the top
 * level) and a carrier of shared/domain/carriers.ts that takes parcels, entries holding the same
 * one order number are that order's parcels, each with its own package_info.id; any other repeat
 * of an order number is still a duplicate. A carrier without parcels refuses the flag itself.
 */

/** Thrown for a rule violation: the call is answered 614 with this catalogue message. */
export class IssueRejected extends Error {
  constructor(
    readonly id: IssueRejectionId,
    readonly params: IssueRejectionParams = {},
  ) {
    super(id);
  }
}

/** An issue call that passed every rule: what to allocate, and how to answer. */
export interface ValidIssueCall {
  shopId: string;
  cpCode: string;
  branch: BranchDefinition;
  sender: PrintParty;
  entries: WaybillRequest[];
  needEncrypt: boolean;
}

const REQUEST = 'param_waybill_cloud_print_apply_new_request';

/** The printable address text used in "sender address" messages. */
function addressText(address: { province: string; city: string; district: string; detail: string }): string {
  return `${address.province}${address.city}${address.district}${address.detail}`;
}

function required<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw new IssueRejected('required-field-empty', { field });
  return value;
}

const tooLong = (text: string | undefined, max: number) => text !== undefined && textLength(text) > max;

/** Which message a too-long party field gets (7.2 names some; the rest are "generic field length"). */
function lengthRejection(party: 'sender' | 'recipient', field: PartyField): IssueRejectionId {
  const specific: Partial<Record<PartyField, IssueRejectionId>> =
    party === 'sender'
      ? { name: 'sender-name-too-long', mobile: 'sender-mobile-too-long', phone: 'sender-phone-too-long', detail: 'detail-address-too-long' }
      : {
          name: 'recipient-name-too-long',
          province: 'recipient-province-too-long',
          city: 'recipient-city-too-long',
          town: 'recipient-town-too-long',
          detail: 'detail-address-too-long',
        };
  return specific[field] ?? 'field-too-long';
}

/** Reads and checks a sender or recipient object. */
function readParty(object: JsonObject | undefined, path: string, party: 'sender' | 'recipient', objectId: string): PrintParty {
  const limits: PartyFieldLimits = party === 'sender' ? SENDER_LIMITS : RECIPIENT_LIMITS;
  const value = required(object, path);
  const name = required(optionalString(value, 'name', `${path}.name`), `${path}.name`);
  const mobile = optionalString(value, 'mobile', `${path}.mobile`);
  const phone = optionalString(value, 'phone', `${path}.phone`);
  const address = required(optionalObject(value, 'address', `${path}.address`), `${path}.address`);
  const fields = {
    name,
    mobile,
    phone,
    province: required(optionalString(address, 'province', `${path}.address.province`), `${path}.address.province`),
    city: optionalString(address, 'city', `${path}.address.city`),
    district: optionalString(address, 'district', `${path}.address.district`),
    town: optionalString(address, 'town', `${path}.address.town`),
    detail: required(optionalString(address, 'detail', `${path}.address.detail`), `${path}.address.detail`),
  };
  const check = (field: PartyField) => {
    if (!tooLong(fields[field], limits[field])) return;
    const fieldPath = ['name', 'mobile', 'phone'].includes(field) ? `${path}.${field}` : `${path}.address.${field}`;
    throw new IssueRejected(lengthRejection(party, field), { objectId, field: fieldPath, max: limits[field] });
  };
  check('name');
  if (mobile === undefined && phone === undefined) {
    throw new IssueRejected(party === 'sender' ? 'sender-contact-empty' : 'recipient-contact-empty', { objectId });
  }
  for (const field of ['mobile', 'phone', 'province', 'city', 'district', 'town', 'detail'] as const) check(field);
  return {
    name,
    mobile: mobile ?? '',
    phone: phone ?? '',
    address: { province: fields.province, city: fields.city ?? '', district: fields.district ?? '', town: fields.town ?? '', detail: fields.detail },
  };
}

/** Checks the template URL: standard form, platform domain, existing template, the carrier's own. */
function checkTemplateUrl(templateUrl: string, cpCode: string): void {
  let url: URL;
  try {
    url = new URL(templateUrl);
  } catch {
    throw new IssueRejected('template-url-malformed', { templateUrl });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new IssueRejected('template-url-malformed', { templateUrl });
  if (url.origin !== TEMPLATE_HOST) throw new IssueRejected('template-url-not-platform-domain', { templateUrl });
  const match = /^\/template\/standard\/(\d+)(?:\/(\d+))?$/.exec(url.pathname);
  if (!match || url.search !== '' || url.hash !== '') throw new IssueRejected('template-url-malformed', { templateUrl });
  const template = STANDARD_TEMPLATES.find((candidate) => candidate.id === match[1]);
  const version = match[2] === undefined ? undefined : Number(match[2]);
  if (!template || (version !== undefined && (version < 1 || version > template.version))) {
    throw new IssueRejected('template-not-found', { templateUrl });
  }
  if (template.cpCode !== cpCode) throw new IssueRejected('template-carrier-mismatch', { templateId: template.id, cpCode });
}

/** Reads logistics_services: empty, or JSON text of {"SVC-CODE": {"<attribute>": "<text>", …}} (usually one attribute, `value`). */
function readServices(entry: JsonObject, path: string, objectId: string): Record<string, Record<string, string>> {
  const text = optionalString(entry, 'logistics_services', `${path}.logistics_services`);
  if (text === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new IssueRejected('logistics-services-invalid', { objectId });
  }
  if (!isJsonObject(parsed)) throw new IssueRejected('logistics-services-invalid', { objectId });
  const services: Record<string, Record<string, string>> = {};
  for (const [code, setting] of Object.entries(parsed)) {
    if (!isJsonObject(setting) || Object.values(setting).some((value) => typeof value !== 'string')) throw new IssueRejected('logistics-services-invalid', { objectId });
    services[code] = setting as Record<string, string>;
  }
  return services;
}

/** A list of strings (order numbers); undefined when absent or empty. */
function stringList(object: JsonObject, key: string, path: string): string[] | undefined {
  const list = optionalArray(object, key, path);
  if (list === undefined) return undefined;
  return list.map((item, index) => {
    if (typeof item !== 'string') throw new ParameterError(`${path}[${index}]`, '应为字符串');
    return item;
  });
}

/**
 * Per-call uniqueness sets (object_id, order numbers, package ids case-insensitively). An order
 * number maps to whether its entry held it alone: only such entries may be parcels of one order.
 */
interface Seen {
  parcelsAllowed: boolean;
  objectIds: Set<string>;
  orderNumbers: Map<string, 'alone' | 'merged'>;
  packageIds: Set<string>;
}

/** An entry as read, with the package id its parcel check needs. */
interface ReadEntry {
  request: WaybillRequest;
  packageId: string | undefined;
}

/**
 * 一单多包 as the "service" of the refusal of multi_packages_shipment for a carrier without parcels:
 * the catalogue has no message of its own for it, and "not subscribed or does not exist" is the
 * closest one the client already reads as stop-the-job.
 */
const MULTI_PACKAGES_SERVICE = '一单多包（multi_packages_shipment）';

/**
 * The orders of an entry must be the shop's: a number another shop of the account sold (and this
 * one did not) is that shop's order, rejected by name. A number no shop sold is let through, as
 * before shops were several: the sandbox does not know every order of the platform.
 */
function checkOrderOwner(orderNumbers: readonly string[], objectId: string, shop: SandboxShop, state: SandboxState): void {
  for (const orderNumber of orderNumbers) {
    if (!state.order(shop.shopId, orderNumber) && state.shopsSelling(orderNumber).length > 0) {
      throw new IssueRejected('order-not-of-shop', { objectId, orderNumber, shopId: shop.shopId });
    }
  }
}

function checkOrderNumbers(orderNumbers: readonly string[], path: string, seen: Seen): void {
  orderNumbers.forEach((orderNumber, index) => {
    if (orderNumber.trim() === '') throw new IssueRejected('required-field-empty', { field: `${path}[${index}]` });
    if (!isAscii(orderNumber)) throw new IssueRejected('order-number-non-ascii', { orderNumber });
    if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw new IssueRejected('order-number-invalid-characters', { orderNumber });
    if (orderNumber.length > ISSUE_LIMITS.orderNumberLength) {
      throw new IssueRejected('order-number-too-long', { orderNumber, max: ISSUE_LIMITS.orderNumberLength });
    }
    const alone = orderNumbers.length === 1;
    const before = seen.orderNumbers.get(orderNumber);
    const parcel = seen.parcelsAllowed && alone && before === 'alone';
    if (before !== undefined && !parcel) throw new IssueRejected('duplicate-order-number', { orderNumber });
    seen.orderNumbers.set(orderNumber, alone ? 'alone' : 'merged');
  });
}

/** Checks package_info; returns its id, if given. */
function checkPackage(packageInfo: JsonObject, path: string, objectId: string, seen: Seen): string | undefined {
  const packageId = optionalString(packageInfo, 'id', `${path}.id`);
  if (packageId !== undefined) {
    if (!isAscii(packageId)) throw new IssueRejected('package-id-non-ascii', { packageId });
    if (!PACKAGE_ID_PATTERN.test(packageId)) throw new IssueRejected('package-id-invalid-characters', { packageId });
    if (packageId.length > ISSUE_LIMITS.packageIdLength) throw new IssueRejected('package-id-too-long', { packageId, max: ISSUE_LIMITS.packageIdLength });
    // "123A and 123a count as the same" (spec 4.3).
    const key = packageId.toLowerCase();
    if (seen.packageIds.has(key)) throw new IssueRejected('duplicate-package-id', { packageId });
    seen.packageIds.add(key);
  }
  const items = required(optionalArray(packageInfo, 'items', `${path}.items`), `${path}.items`);
  if (items.length > ISSUE_LIMITS.itemsPerPackage) throw new IssueRejected('too-many-items', { objectId, max: ISSUE_LIMITS.itemsPerPackage });
  items.forEach((item, index) => {
    const itemPath = `${path}.items[${index}]`;
    if (!isJsonObject(item)) throw new ParameterError(itemPath, '应为对象');
    const name = required(optionalString(item, 'name', `${itemPath}.name`), `${itemPath}.name`);
    if (tooLong(name, ISSUE_LIMITS.itemNameLength)) throw new IssueRejected('item-name-too-long', { objectId, max: ISSUE_LIMITS.itemNameLength });
    const count = required(optionalNumber(item, 'count', `${itemPath}.count`), `${itemPath}.count`);
    if (count <= ISSUE_LIMITS.itemCountExclusiveMinimum) throw new IssueRejected('item-count-not-positive', { objectId });
    // weight (g) and volume (ml) are numbers when given (spec 4.3).
    optionalNumber(item, 'weight', `${itemPath}.weight`);
    optionalNumber(item, 'volume', `${itemPath}.volume`);
  });
  return packageId;
}

/** oaid: at most 128 characters, and (the sandbox's notion of valid) 16+ ASCII letters/digits. */
function checkRecipientIds(recipient: JsonObject, path: string, objectId: string, orderNumbers: readonly string[], shop: SandboxShop, state: SandboxState): void {
  const tid = optionalString(recipient, 'tid', `${path}.tid`);
  const oaid = optionalString(recipient, 'oaid', `${path}.oaid`);
  if (oaid !== undefined) {
    if (tooLong(oaid, ISSUE_LIMITS.oaidLength)) throw new IssueRejected('field-too-long', { field: `${path}.oaid`, max: ISSUE_LIMITS.oaidLength });
    if (!/^[A-Za-z0-9]{16,}$/.test(oaid)) throw new IssueRejected('invalid-oaid', { tids: tid ?? orderNumbers.join(',') });
  }
  // "if given it must be a real order id": one of the shop's sold orders.
  if (tid !== undefined && !state.order(shop.shopId, tid)) throw new IssueRejected('tid-not-real-order', { objectId, tid });
}

/** Reads one trade_order_info_dtos entry. */
function readEntry(value: unknown, index: number, cpCode: string, shop: SandboxShop, state: SandboxState, seen: Seen): ReadEntry {
  const path = `trade_order_info_dtos[${index}]`;
  if (!isJsonObject(value)) throw new ParameterError(path, '应为对象');
  const objectId = required(optionalString(value, 'object_id', `${path}.object_id`), `${path}.object_id`);
  if (seen.objectIds.has(objectId)) throw new IssueRejected('duplicate-object-id', { objectId });
  seen.objectIds.add(objectId);

  const orderInfo = required(optionalObject(value, 'order_info', `${path}.order_info`), `${path}.order_info`);
  const channel = optionalString(orderInfo, 'order_channels_type', `${path}.order_info.order_channels_type`);
  if (channel === undefined) throw new IssueRejected('order-channel-empty', { objectId });
  if (!isOrderChannel(channel)) throw new IssueRejected('unknown-order-channel', { objectId, channel });
  const orderNumbers = required(stringList(orderInfo, 'trade_order_list', `${path}.order_info.trade_order_list`), `${path}.order_info.trade_order_list`);
  if (orderNumbers.length > ISSUE_LIMITS.orderNumbersPerEntry) {
    throw new IssueRejected('too-many-order-numbers', { objectId, max: ISSUE_LIMITS.orderNumbersPerEntry });
  }
  checkOrderNumbers(orderNumbers, `${path}.order_info.trade_order_list`, seen);
  checkOrderOwner(orderNumbers, objectId, shop, state);
  for (const field of ['out_trade_order_list', 'out_trade_sub_order_list']) {
    const list = stringList(orderInfo, field, `${path}.order_info.${field}`);
    if (list && list.length > ISSUE_LIMITS.outTradeNumbersPerEntry) {
      throw new IssueRejected('too-many-out-trade-numbers', { objectId, field, max: ISSUE_LIMITS.outTradeNumbersPerEntry });
    }
  }

  const packageInfo = required(optionalObject(value, 'package_info', `${path}.package_info`), `${path}.package_info`);
  const packageId = checkPackage(packageInfo, `${path}.package_info`, objectId, seen);

  const recipientObject = optionalObject(value, 'recipient', `${path}.recipient`);
  const recipient = readParty(recipientObject, `${path}.recipient`, 'recipient', objectId);
  checkRecipientIds(recipientObject ?? {}, `${path}.recipient`, objectId, orderNumbers, shop, state);

  const templateUrl = required(optionalString(value, 'template_url', `${path}.template_url`), `${path}.template_url`);
  checkTemplateUrl(templateUrl, cpCode);
  const userId = required(optionalNumber(value, 'user_id', `${path}.user_id`), `${path}.user_id`);
  // One account, several shops: user_id is "the shop's merchant id" (spec 4.3), so it must match the shop.
  if (userId !== shop.userId) throw new ParameterError(`${path}.user_id`, `与店铺${shop.shopId}的商家ID不符`);
  const services = readServices(value, path, objectId);
  return { request: { objectId, orderNumbers, recipient, services, templateUrl }, packageId };
}

/**
 * Marks the parcels: entries sharing their one order number (readEntry let them through only with
 * multi_packages_shipment). Each parcel must name its package, or the carrier cannot tell them apart.
 */
function markParcels(read: readonly ReadEntry[]): WaybillRequest[] {
  const entriesPerOrder = new Map<string, number>();
  for (const { request } of read) {
    for (const orderNumber of request.orderNumbers) entriesPerOrder.set(orderNumber, (entriesPerOrder.get(orderNumber) ?? 0) + 1);
  }
  return read.map(({ request, packageId }, index) => {
    const parcel = request.orderNumbers.some((orderNumber) => (entriesPerOrder.get(orderNumber) ?? 0) > 1);
    if (!parcel) return request;
    if (packageId === undefined) throw new IssueRejected('required-field-empty', { field: `trade_order_info_dtos[${index}].package_info.id` });
    return { ...request, parcel: true };
  });
}

const sameAddress = (a: SenderAddress, b: PrintParty['address']) =>
  a.province === b.province.trim() && a.city === b.city.trim() && a.district === b.district.trim() && a.detail === b.detail.trim();

/** The branch the call issues at (see the module comment). */
function chooseBranch(account: CarrierAccount, sender: PrintParty, branchCode: string | undefined): BranchDefinition {
  const rejection = () => new IssueRejected('sender-address-no-service', { address: addressText(sender.address) });
  if (branchCode !== undefined) {
    const branch = account.branches.find((candidate) => candidate.code === branchCode);
    if (!branch || !branch.addresses.some((address) => sameAddress(address, sender.address))) throw rejection();
    return branch;
  }
  const branch = account.branches.find((candidate) => candidate.addresses.some((address) => sameAddress(address, sender.address)));
  if (!branch) throw rejection();
  return branch;
}

/**
 * Validates an issue call of one of the account's shops against every rule and the state (the
 * orders are the shop's; overlap with that shop's waybills; balance). Throws
 * IssueRejected (614) or ParameterError (100); returns what to allocate. `overlapCheck: false`
 * (the overlapCheckOff fault) lets orders that already have a waybill get another one.
 */
export function validateIssueCall(
  body: JsonObject,
  shop: SandboxShop,
  state: SandboxState,
  checks: { overlapCheck: boolean } = { overlapCheck: true },
): ValidIssueCall {
  const request = required(optionalObject(body, REQUEST, REQUEST), REQUEST);
  // Optional fields whose nesting level the spec does not show: request level first, then top.
  const option = <T>(read: (object: JsonObject, key: string, path: string) => T | undefined, key: string) =>
    read(request, key, `${REQUEST}.${key}`) ?? read(body, key, key);

  const cpCode = optionalString(request, 'cp_code', `${REQUEST}.cp_code`);
  if (cpCode === undefined) throw new IssueRejected('cp-code-empty');
  if (tooLong(cpCode, ISSUE_LIMITS.cpCodeLength)) throw new IssueRejected('field-too-long', { field: `${REQUEST}.cp_code`, max: ISSUE_LIMITS.cpCodeLength });
  const productCode = optionalString(request, 'product_code', `${REQUEST}.product_code`);
  if (productCode !== undefined) throw new IssueRejected('product-code-service-not-found', { productCode });
  // Several parcels per ticket is the carrier's own capability, not the merchant's: refused before the account is looked at.
  const parcelsAllowed = option(optionalBoolean, 'multi_packages_shipment') ?? false;
  if (parcelsAllowed && !carrierTakesParcels(cpCode)) throw new IssueRejected('logistics-service-not-subscribed', { serviceCode: MULTI_PACKAGES_SERVICE });
  const account = carrierAccount(cpCode);
  if (!account) throw new IssueRejected('carrier-print-service-not-open', { cpCode });

  const sender = readParty(optionalObject(request, 'sender', `${REQUEST}.sender`), `${REQUEST}.sender`, 'sender', '');

  const rawEntries = required(optionalArray(request, 'trade_order_info_dtos', `${REQUEST}.trade_order_info_dtos`), `${REQUEST}.trade_order_info_dtos`);
  if (rawEntries.length > ISSUE_LIMITS.entriesPerIssueCall) {
    throw new IssueRejected('too-many-entries', { max: ISSUE_LIMITS.entriesPerIssueCall, count: rawEntries.length });
  }
  const seen: Seen = { parcelsAllowed, objectIds: new Set(), orderNumbers: new Map(), packageIds: new Set() };
  const entries = markParcels(rawEntries.map((entry, index) => readEntry(entry, index, cpCode, shop, state, seen)));

  const branch = chooseBranch(account, sender, option(optionalString, 'shipping_branch_code'));
  const offered = new Map(branch.services.map((service) => [service.code, service]));
  for (const entry of entries) {
    for (const code of Object.keys(entry.services)) {
      const service = offered.get(code);
      if (!service) throw new IssueRejected('logistics-service-not-subscribed', { serviceCode: code });
      if (!service.batchAllowed && entries.length > 1) throw new IssueRejected('logistics-service-batch-not-allowed', { serviceCode: code });
      if (service.attributes.some((attribute) => (entry.services[code]?.[attribute.code] ?? '').trim() === '')) {
        throw new IssueRejected('logistics-services-invalid', { objectId: entry.objectId });
      }
    }
    // A service the branch marks required must come with every waybill, as the gateway demands.
    const missing = branch.services.find((service) => service.required && !(service.code in entry.services));
    if (missing) throw new IssueRejected('required-logistics-service-missing', { serviceCode: missing.code, branchCode: branch.code });
  }
  // The other request options, type-checked where given (their nesting level is not shown: request level first).
  option(optionalString, 'customer_code');
  option(optionalString, 'brand_code');
  option(optionalString, 'door_pick_up_time');
  option(optionalString, 'door_pick_up_end_time');
  option(optionalBoolean, 'call_door_pick_up');
  const uncovered = entries.find((entry) => account.uncoveredProvinces.includes(entry.recipient.address.province.trim()));
  if (uncovered) throw new IssueRejected('out-of-coverage', { objectId: uncovered.objectId, province: uncovered.recipient.address.province, cpCode });

  // Each order once, however many parcels name it.
  const alreadyIssued = [...new Set(entries.flatMap((entry) => (checks.overlapCheck ? entry.orderNumbers : [])))]
    .flatMap((orderNumber) => {
      const waybill = state.issuedFor(shop.shopId, orderNumber);
      return waybill ? [{ orderNumber, branchCode: waybill.branchCode }] : [];
    });
  const atOtherBranch = alreadyIssued.filter((issued) => issued.branchCode !== branch.code);
  if (atOtherBranch.length > 0) {
    throw new IssueRejected('order-issued-at-other-branch', {
      orderNumbers: atOtherBranch.map((issued) => issued.orderNumber).join(','),
      branchCode: atOtherBranch[0]?.branchCode ?? '',
    });
  }
  if (alreadyIssued.length > 0) throw new IssueRejected('orders-overlap-issued', { orderNumbers: alreadyIssued.map((issued) => issued.orderNumber).join(',') });

  const { quantity } = state.counters(branch.code);
  if (quantity < entries.length) throw new IssueRejected('branch-balance-insufficient', { branchCode: branch.code, quantity, needed: entries.length });

  return {
    shopId: shop.shopId,
    cpCode,
    branch,
    sender,
    entries,
    needEncrypt: option(optionalBoolean, 'need_encrypt') ?? false,
  };
}
