import { asRecord, readOptionalText, readText } from '../gateway/decoding/tolerant-values';
import type { RawRecord } from '../gateway/decoding/tolerant-values';
import type { PlainWaybillData, WaybillAddress, WaybillParty, WaybillRoutingInfo } from './label-input';

/**
 * What a decoded print_data object holds for our own renderer: plain `data` it can draw, the
 * encrypted form only the carrier platform's print component can render, or something unusable.
 */
export type PrintDataReading =
  | { kind: 'plain'; data: PlainWaybillData }
  | { kind: 'encrypted' }
  | { kind: 'invalid'; reason: string };

/** The ciphertext prefix the platform puts on encrypted values (the whole payload or one field). */
export const ENCRYPTED_VALUE_PREFIX = 'AES:';

/** Waybill numbers the label's Code128 barcode can carry: printable ASCII, as the gateway issues. */
const waybillCodePattern = /^[\x21-\x7e]{1,40}$/;

/**
 * Reads a decoded print_data object (its JSON text is accepted too). Plain `data` is read
 * tolerantly: numbers become text, missing parts stay missing; only a missing recipient, sender
 * or unusable waybill number makes it invalid.
 */
export function readPlainPrintData(printData: unknown): PrintDataReading {
  const root = asRecord(typeof printData === 'string' ? parseJson(printData) : printData);
  if (!root) return { kind: 'invalid', reason: 'print data is not a JSON object' };
  const data = root['data'];
  if (typeof data === 'string' && data.startsWith(ENCRYPTED_VALUE_PREFIX)) return { kind: 'encrypted' };
  const plain = asRecord(data);
  if (!plain) {
    return root['encryptedData'] !== undefined
      ? { kind: 'encrypted' }
      : { kind: 'invalid', reason: 'print data has neither data nor encryptedData' };
  }
  const recipient = readParty(plain['recipient']);
  const sender = readParty(plain['sender']);
  const waybillCode = readText(plain['waybillCode']).trim();
  if (!recipient) return { kind: 'invalid', reason: 'data.recipient is missing' };
  if (!sender) return { kind: 'invalid', reason: 'data.sender is missing' };
  if (!waybillCodePattern.test(waybillCode)) {
    return { kind: 'invalid', reason: 'data.waybillCode is missing or not printable ASCII (1–40 characters)' };
  }
  const shippingOption = asRecord(plain['shippingOption']);
  return {
    kind: 'plain',
    data: {
      recipient,
      sender,
      routingInfo: readRoutingInfo(plain['routingInfo']),
      shippingOption: shippingOption ? texts(shippingOption, ['code', 'title']) : undefined,
      waybillCode,
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The named fields of a record that hold text, without the missing ones. */
function texts<K extends string>(record: RawRecord, names: readonly K[]): Partial<Record<K, string>> {
  const result: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = readOptionalText(record[name]);
    if (value !== null) result[name] = value;
  }
  return result;
}

function readParty(value: unknown): WaybillParty | null {
  const record = asRecord(value);
  if (!record) return null;
  const party: WaybillParty = texts(record, ['name', 'mobile', 'phone']);
  const address = record['address'];
  const addressRecord = asRecord(address);
  if (addressRecord) {
    party.address = texts(addressRecord, ['province', 'city', 'district', 'town', 'detail']) satisfies WaybillAddress;
  } else if (typeof address === 'string' && address !== '') {
    // A whole address as one text (or one ciphertext) is kept as its detail.
    party.address = { detail: address };
  }
  return party;
}

function readRoutingInfo(value: unknown): WaybillRoutingInfo | undefined {
  const record = asRecord(value);
  if (!record) return undefined;
  const origin = asRecord(record['origin']);
  const sortation = asRecord(record['sortation']);
  const consolidation = asRecord(record['consolidation']);
  return {
    ...texts(record, ['routeCode']),
    ...(origin && { origin: texts(origin, ['code', 'name']) }),
    ...(sortation && { sortation: texts(sortation, ['name']) }),
    ...(consolidation && { consolidation: texts(consolidation, ['code', 'name']) }),
  };
}
