import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * print_data as the sandbox gateway writes it, and the sandbox key the print-component emulator
 * decrypts it with. Encrypted form (domain-facts.md "print_data"): `encryptedData` is `AES:` +
 * base64(IV ‖ AES-256-CBC(content JSON)), `signature` is `MD:` + base64(HMAC-MD5(content JSON)),
 * `ver` names the secret version. The key is not a secret: it is the sandbox's, for demo mode
 * and tests only; the real platform's print component holds its own.
 */

/** An address inside print data. */
export interface PrintAddress {
  province: string;
  city: string;
  district: string;
  town: string;
  detail: string;
}

/** A sender or recipient inside print data. */
export interface PrintParty {
  name: string;
  mobile: string;
  phone: string;
  address: PrintAddress;
}

/** The label content of one waybill: what the print component lays out on the template. */
export interface WaybillPrintContent {
  recipient: PrintParty;
  sender: PrintParty;
  routingInfo: {
    origin: { code: string; name: string };
    sortation: { name: string };
    consolidation: { code: string; name: string };
    routeCode: string;
  };
  shippingOption: { code: string; title: string; services: Record<string, Record<string, string>> };
  waybillCode: string;
}

/** print_data when need_encrypt is false. */
export interface PlainPrintData {
  data: WaybillPrintContent;
  signature: string;
  templateURL: string;
}

/** print_data when need_encrypt is true (and in every query answer). */
export interface EncryptedPrintData {
  encryptedData: string;
  signature: string;
  templateURL: string;
  ver: string;
}

/** The sandbox's AES-256 key (32 bytes). */
export const SANDBOX_PRINT_KEY: Buffer = Buffer.from('5c1f0e3a9b7d4c2e8f6a1b3d5e7f9a0c2b4d6e8f0a1c3e5f7b9d2a4c6e8f0b1d', 'hex');

/** The `ver` of encrypted print data. */
export const SANDBOX_PRINT_SECRET_VERSION = 'waybill_print_secret_version_1';

const ALGORITHM = 'aes-256-cbc';

function signature(contentJson: string): string {
  return `MD:${createHmac('md5', SANDBOX_PRINT_KEY).update(contentJson, 'utf8').digest('base64')}`;
}

/** print_data for need_encrypt false: the content in clear, signed. */
export function plainSandboxPrintData(content: WaybillPrintContent, templateURL: string): PlainPrintData {
  return { data: content, signature: signature(JSON.stringify(content)), templateURL };
}

/** print_data for need_encrypt true: the content encrypted under the sandbox key, signed. */
export function encryptSandboxPrintData(content: WaybillPrintContent, templateURL: string): EncryptedPrintData {
  const json = JSON.stringify(content);
  const iv = randomBytes(16);
  const cipher = createCipheriv(ALGORITHM, SANDBOX_PRINT_KEY, iv);
  const encrypted = Buffer.concat([iv, cipher.update(json, 'utf8'), cipher.final()]);
  return { encryptedData: `AES:${encrypted.toString('base64')}`, signature: signature(json), templateURL, ver: SANDBOX_PRINT_SECRET_VERSION };
}

/**
 * The label content inside encrypted print data (the JSON string the gateway returned, or its
 * parsed object). Throws if the data is not the sandbox's: wrong prefix, undecryptable, or a
 * signature that does not match.
 */
export function decryptSandboxPrintData(printData: string | EncryptedPrintData): WaybillPrintContent {
  const parsed: unknown = typeof printData === 'string' ? JSON.parse(printData) : printData;
  if (typeof parsed !== 'object' || parsed === null) throw new Error('print data is not an object');
  const { encryptedData, signature: signed } = parsed as Partial<EncryptedPrintData>;
  if (typeof encryptedData !== 'string' || !encryptedData.startsWith('AES:')) throw new Error('print data has no AES: encryptedData');
  const bytes = Buffer.from(encryptedData.slice(4), 'base64');
  if (bytes.length < 32) throw new Error('encryptedData is too short');
  const decipher = createDecipheriv(ALGORITHM, SANDBOX_PRINT_KEY, bytes.subarray(0, 16));
  const json = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]).toString('utf8');
  const expected = Buffer.from(signature(json));
  const given = Buffer.from(typeof signed === 'string' ? signed : '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error('print data signature does not match');
  }
  return JSON.parse(json) as WaybillPrintContent;
}
