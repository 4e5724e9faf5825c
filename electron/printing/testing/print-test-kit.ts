import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { encryptSandboxPrintData, plainSandboxPrintData } from '../../demo/sandbox-print-crypto';
import type { WaybillPrintContent } from '../../demo/sandbox-print-crypto';
import { startPrintEmulator } from '../../demo/print-emulator/print-emulator';
import type { PrintEmulator, PrintEmulatorOptions } from '../../demo/print-emulator/print-emulator';
import type { RawRecord } from '../../gateway/decoding/tolerant-values';
import type { PrintDocument } from '../print-component';

/**
 * Shared parts of the printing tests and the dispatch benchmark: an emulator in a fresh spool
 * folder, a raw WebSocket client that records every message, sample documents and a wait helper.
 */

/** Waits until `check` returns a value other than undefined/false, polling every 5 ms. */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** An emulator in a fresh temp spool folder; `dispose` closes it and removes the folder. */
export async function startTestEmulator(options: Partial<PrintEmulatorOptions> = {}): Promise<PrintEmulator & { dispose(): Promise<void> }> {
  const spoolDir = await mkdtemp(join(tmpdir(), 'print-emulator-test-'));
  const emulator = await startPrintEmulator({ ...options, spoolDir });
  return Object.assign(emulator, {
    async dispose() {
      await emulator.close();
      await rm(spoolDir, { recursive: true, force: true });
    },
  });
}

/** A WebSocket client speaking the protocol by hand, keeping every message it received. */
export interface RawComponentClient {
  readonly messages: RawRecord[];
  send(message: RawRecord): void;
  /** Sends a request and resolves with the reply carrying its requestID. */
  request(cmd: string, extras?: RawRecord): Promise<RawRecord>;
  /** Resolves once `count` received messages match. */
  waitForMessages(match: (message: RawRecord) => boolean, count?: number): Promise<RawRecord[]>;
  closed(): Promise<void>;
  close(): Promise<void>;
}

/** Connects a raw client. */
export async function connectRawClient(url: string): Promise<RawComponentClient> {
  const ws = new WebSocket(url);
  const messages: RawRecord[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as RawRecord));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let counter = 0;
  const client: RawComponentClient = {
    messages,
    send: (message) => ws.send(JSON.stringify(message)),
    async request(cmd, extras = {}) {
      counter += 1;
      const requestID = `raw-${counter}`;
      client.send({ cmd, requestID, version: '1.0', ...extras });
      const [reply] = await client.waitForMessages((message) => message['requestID'] === requestID && message['cmd'] === cmd);
      return reply as RawRecord;
    },
    async waitForMessages(match, count = 1) {
      return waitFor(() => {
        const found = messages.filter(match);
        return found.length >= count ? found : undefined;
      }, `${count} matching message(s)`);
    },
    closed: () => closed,
    async close() {
      ws.close();
      await closed;
    },
  };
  return client;
}

/** Label content in the sandbox's shape for a waybill number. */
export function sampleWaybillContent(waybillCode: string): WaybillPrintContent {
  const party = (name: string, mobile: string, detail: string) => ({
    name,
    mobile,
    phone: '',
    address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '文新街道', detail },
  });
  return {
    recipient: party('张**', '138****1234', '文三路***号'),
    sender: party('李明', '13900001111', '科苑路88号'),
    routingInfo: {
      origin: { code: '201301', name: '上海浦东' },
      sortation: { name: '杭州西湖' },
      consolidation: { code: '571W', name: '杭州转运中心' },
      routeCode: '300-A12 04',
    },
    shippingOption: { code: 'STANDARD_EXPRESS', title: '标准快递', services: {} },
    waybillCode,
  };
}

const templateURL = 'https://cloudprint.cainiao.com/template/standard/300336/92';

/** A document with plain print data, as need_encrypt false gives it. */
export function plainDocument(waybillCode: string): PrintDocument {
  return { documentId: waybillCode, contents: [plainSandboxPrintData(sampleWaybillContent(waybillCode), templateURL) as unknown as RawRecord] };
}

/** A document with print data encrypted under the sandbox key. */
export function encryptedDocument(waybillCode: string): PrintDocument {
  return { documentId: waybillCode, contents: [encryptSandboxPrintData(sampleWaybillContent(waybillCode), templateURL) as unknown as RawRecord] };
}

/** A document whose ciphertext is not the sandbox's (another platform's, or corrupted). */
export function foreignCiphertextDocument(waybillCode: string): PrintDocument {
  const foreign = { encryptedData: `AES:${Buffer.alloc(48, 7).toString('base64')}`, signature: 'MD:AAAA', templateURL, ver: 'waybill_print_secret_version_1' };
  return { documentId: waybillCode, contents: [foreign] };
}

/** Waybill numbers in ZTO's shape: `7` and 13 digits. */
export function waybillCodes(count: number, start = 1): string[] {
  return Array.from({ length: count }, (_, index) => `7${String(73100000000000 + start + index).slice(1)}`);
}
