import type { IssueEntry, IssueRequest, Party } from '../domain/issue-entry';
import { isOrderChannel, ORDER_CHANNELS } from '../domain/order-channels';
import type { StationError } from '../errors/station-error';
import { stationError } from '../errors/station-error';
import type { PartyField, PartyFieldLimits } from '../gateway/issue-limits';
import {
  isAscii,
  ISSUE_LIMITS,
  ORDER_NUMBER_PATTERN,
  PACKAGE_ID_PATTERN,
  RECIPIENT_LIMITS,
  SENDER_LIMITS,
  textLength,
} from '../gateway/issue-limits';

/**
 * Local validation of issue requests against the limits table, before any call: a rejected issue
 * call costs points and blocks the other orders of its batch. Pure, so the renderer runs the same
 * checks before the user presses the button. Every problem is a StationError whose params name
 * the order (`orderId`), the field (its path in the spec's request), the limit, and whose
 * catalog remedy says the fix. Fields are named as in the request body.
 */

/** An entry and what is wrong with it (nothing, when it may be sent). */
export interface EntryValidation {
  entry: IssueEntry;
  problems: StationError[];
}

/** Problems of a whole request: those of the request itself (carrier, sender, size) and per entry. */
export interface IssueRequestValidation {
  /** Problems that block every entry (fix them in Settings). */
  requestProblems: StationError[];
  entries: EntryValidation[];
}

const allowedOrderNumberCharacters = 'ASCII letters, digits, _ and -';
const allowedPackageIdCharacters = 'ASCII letters, digits and _';
const standardTemplatePattern = /^https?:\/\/[^/\s]+\/template\/standard\/\d+(?:\/\d+)?$/;

/** Checks one entry's own fields (everything but uniqueness within a request). */
export function validateIssueEntry(entry: IssueEntry): StationError[] {
  const orderId = entry.objectId || entry.orderNumbers[0] || '?';
  const problems: StationError[] = [];
  const required = (field: string, value: string): boolean => {
    if (value.trim() !== '') return true;
    problems.push(stationError('validation.required', { orderId, field }));
    return false;
  };
  const maxLength = (field: string, value: string, limit: number): void => {
    const length = textLength(value);
    if (length > limit) problems.push(stationError('validation.too-long', { orderId, field, length, limit }));
  };
  const maxCount = (field: string, count: number, limit: number): void => {
    if (count > limit) problems.push(stationError('validation.too-many', { orderId, field, count, limit }));
  };

  required('object_id', entry.objectId);

  if (required('order_info.order_channels_type', entry.orderChannel) && !isOrderChannel(entry.orderChannel)) {
    problems.push(stationError('validation.unknown-value', {
      orderId,
      field: 'order_info.order_channels_type',
      value: entry.orderChannel,
      allowed: ORDER_CHANNELS.map((channel) => channel.code).join(', '),
    }));
  }

  if (entry.orderNumbers.length === 0) required('order_info.trade_order_list', '');
  maxCount('order_info.trade_order_list', entry.orderNumbers.length, ISSUE_LIMITS.orderNumbersPerEntry);
  entry.orderNumbers.forEach((orderNumber, index) => {
    const field = `order_info.trade_order_list[${index}]`;
    if (!required(field, orderNumber)) return;
    maxLength(field, orderNumber, ISSUE_LIMITS.orderNumberLength);
    if (!ORDER_NUMBER_PATTERN.test(orderNumber)) {
      problems.push(stationError('validation.invalid-characters', { orderId, field, value: orderNumber, allowed: allowedOrderNumberCharacters }));
    }
  });

  if (entry.packageId !== '') {
    maxLength('package_info.id', entry.packageId, ISSUE_LIMITS.packageIdLength);
    if (!PACKAGE_ID_PATTERN.test(entry.packageId) || !isAscii(entry.packageId)) {
      problems.push(stationError('validation.invalid-characters', { orderId, field: 'package_info.id', value: entry.packageId, allowed: allowedPackageIdCharacters }));
    }
  }

  if (entry.items.length === 0) required('package_info.items', '');
  maxCount('package_info.items', entry.items.length, ISSUE_LIMITS.itemsPerPackage);
  entry.items.forEach((item, index) => {
    const field = `package_info.items[${index}]`;
    if (required(`${field}.name`, item.name)) maxLength(`${field}.name`, item.name, ISSUE_LIMITS.itemNameLength);
    if (!Number.isFinite(item.count) || item.count <= ISSUE_LIMITS.itemCountExclusiveMinimum) {
      problems.push(stationError('validation.count-not-positive', {
        orderId,
        field: `${field}.count`,
        value: String(item.count),
        limit: ISSUE_LIMITS.itemCountExclusiveMinimum,
      }));
    }
    if (item.weightG !== undefined && !isPositiveNumber(item.weightG)) problems.push(stationError('validation.weight-invalid', { orderId, value: String(item.weightG) }));
    if (item.volumeMl !== undefined && !isPositiveNumber(item.volumeMl)) problems.push(stationError('validation.volume-invalid', { orderId, value: String(item.volumeMl) }));
  });

  problems.push(...validateParty('recipient', entry.recipient, RECIPIENT_LIMITS, orderId));
  maxLength('recipient.oaid', entry.recipient.oaid, ISSUE_LIMITS.oaidLength);

  if (required('template_url', entry.templateUrl) && !standardTemplatePattern.test(entry.templateUrl)) {
    problems.push(stationError('validation.bad-template-url', { orderId, field: 'template_url', value: entry.templateUrl }));
  }

  if (entry.logisticsServices.trim() !== '' && !isJsonObjectText(entry.logisticsServices)) {
    problems.push(stationError('validation.not-json', { orderId, field: 'logistics_services' }));
  }
  return problems;
}

/** Weight (g) and volume (ml) are numbers in the spec; only a positive, finite one describes a package. */
function isPositiveNumber(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/** The gateway's time format (`yyyy-MM-dd HH:mm:ss`), with a real date and time. */
const gatewayTimePattern = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function isGatewayTime(text: string): boolean {
  const match = gatewayTimePattern.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/** The pickup window: two gateway times, the end after the start. */
function validateDoorPickUp(request: IssueRequest): StationError[] {
  const window = request.doorPickUp ?? null;
  if (window === null) return [];
  const problems: StationError[] = [];
  if (!isGatewayTime(window.start)) problems.push(stationError('validation.pickup-time-invalid', { field: 'door_pick_up_time', value: window.start }));
  if (!isGatewayTime(window.end)) problems.push(stationError('validation.pickup-time-invalid', { field: 'door_pick_up_end_time', value: window.end }));
  // The format sorts as text in time order.
  if (problems.length === 0 && window.end <= window.start) problems.push(stationError('validation.pickup-window-empty', { start: window.start, end: window.end }));
  return problems;
}

function isJsonObjectText(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

const partyFields: readonly PartyField[] = ['name', 'mobile', 'phone'];
const addressFields: readonly PartyField[] = ['province', 'city', 'district', 'town', 'detail'];

/**
 * A sender or recipient against its limits. With an orderId the problems are the order's
 * (recipient); without, they are the request's (sender, fixed in Settings).
 */
function validateParty(role: 'sender' | 'recipient', party: Party, limits: Readonly<PartyFieldLimits>, orderId?: string): StationError[] {
  const problems: StationError[] = [];
  const values: Record<PartyField, string> = { ...party.address, name: party.name, mobile: party.mobile, phone: party.phone };
  const path = (field: PartyField): string => (addressFields.includes(field) ? `${role}.address.${field}` : `${role}.${field}`);

  for (const field of ['name', 'province', 'detail'] as const) {
    if (values[field].trim() !== '') continue;
    problems.push(orderId === undefined
      ? stationError('validation.request-required', { field: path(field) })
      : stationError('validation.required', { orderId, field: path(field) }));
  }
  if (party.mobile.trim() === '' && party.phone.trim() === '') {
    problems.push(orderId === undefined
      ? stationError('validation.request-phone-required', { field: role })
      : stationError('validation.phone-required', { orderId, field: role }));
  }
  for (const field of [...partyFields, ...addressFields]) {
    const length = textLength(values[field]);
    const limit = limits[field];
    if (length <= limit) continue;
    problems.push(orderId === undefined
      ? stationError('validation.request-too-long', { field: path(field), length, limit })
      : stationError('validation.too-long', { orderId, field: path(field), length, limit }));
  }
  return problems;
}

/** Problems of the request as a whole: carrier code, sender, number of entries. */
function validateRequestLevel(request: IssueRequest): StationError[] {
  const problems: StationError[] = [];
  if (request.carrierCode.trim() === '') problems.push(stationError('validation.request-required', { field: 'cp_code' }));
  const carrierLength = textLength(request.carrierCode);
  if (carrierLength > ISSUE_LIMITS.cpCodeLength) {
    problems.push(stationError('validation.request-too-long', { field: 'cp_code', length: carrierLength, limit: ISSUE_LIMITS.cpCodeLength }));
  }
  problems.push(...validateParty('sender', request.sender, SENDER_LIMITS));
  problems.push(...validateDoorPickUp(request));
  if (request.entries.length > ISSUE_LIMITS.entriesPerIssueCall) {
    problems.push(stationError('validation.batch-too-large', { field: 'trade_order_info_dtos', count: request.entries.length, limit: ISSUE_LIMITS.entriesPerIssueCall }));
  }
  return problems;
}

/**
 * Marks the second and later entries that reuse an object_id (exact), an order number (exact)
 * or a package id (case-insensitive, as the gateway compares them) within one request. With
 * multi_packages_shipment, entries of one single order that each have a package id are that
 * order's parcels: their order number repeats by design.
 */
function duplicateProblems(entries: readonly IssueEntry[], multiPackagesShipment: boolean): StationError[][] {
  const seenObjectIds = new Set<string>();
  const seenOrderNumbers = new Set<string>();
  const parcelOrders = new Set<string>();
  const seenPackageIds = new Set<string>();
  return entries.map((entry) => {
    const orderId = entry.objectId || entry.orderNumbers[0] || '?';
    const problems: StationError[] = [];
    const claim = (seen: Set<string>, key: string, field: string, value: string, comparison: string): void => {
      if (seen.has(key)) problems.push(stationError('validation.duplicate', { orderId, field, value, comparison }));
      seen.add(key);
    };
    if (entry.objectId !== '') claim(seenObjectIds, entry.objectId, 'object_id', entry.objectId, 'exact');
    const isParcel = multiPackagesShipment && entry.packageId !== '' && entry.orderNumbers.length === 1;
    for (const orderNumber of entry.orderNumbers) {
      // A parcel's order may repeat among its parcels, never beside another entry of that order.
      if (seenOrderNumbers.has(orderNumber) || (!isParcel && parcelOrders.has(orderNumber))) {
        problems.push(stationError('validation.duplicate', { orderId, field: 'order_info.trade_order_list', value: orderNumber, comparison: 'exact' }));
      }
      (isParcel ? parcelOrders : seenOrderNumbers).add(orderNumber);
    }
    if (entry.packageId !== '') claim(seenPackageIds, entry.packageId.toLowerCase(), 'package_info.id', entry.packageId, 'case-insensitive');
    return problems;
  });
}

/** Validates a whole issue request: request-level problems and each entry's own and duplicate problems. */
export function validateIssueRequest(request: IssueRequest): IssueRequestValidation {
  const duplicates = duplicateProblems(request.entries, request.multiPackagesShipment === true);
  return {
    requestProblems: validateRequestLevel(request),
    entries: request.entries.map((entry, index) => ({ entry, problems: [...validateIssueEntry(entry), ...(duplicates[index] ?? [])] })),
  };
}

/** Every problem of a validation, request-level first; empty when the request may be sent. */
export function allProblems(validation: IssueRequestValidation): StationError[] {
  return [...validation.requestProblems, ...validation.entries.flatMap((entry) => entry.problems)];
}
