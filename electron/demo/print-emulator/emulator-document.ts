import { asRecord } from '../../gateway/decoding/tolerant-values';
import { printDocumentLayers } from '../../labels/print-document-contents';
import type { RawRecord } from '../../gateway/decoding/tolerant-values';
import { decryptSandboxPrintData } from '../sandbox-print-crypto';
import type { EncryptedPrintData } from '../sandbox-print-crypto';

/**
 * How the emulator reads a document's contents as the real component would: the first layer is
 * the decoded print_data (encrypted ones are decrypted with the sandbox key; anything else
 * encrypted is foreign ciphertext), an optional second layer is the merchant's custom area.
 */

/** A document the emulator can draw: the waybill's plain print data and the custom area's data. */
export interface EmulatorDocument {
  documentId: string;
  /** Plain print_data: `data` (recipient, sender, routingInfo, waybillCode, …), `templateURL`, `signature`. */
  printData: RawRecord;
  /** The custom area layer's `data` (ORDER_ID, ITEM_INFO, …), null when the document has none. */
  customArea: RawRecord | null;
}

/** A code and text as the component reports a failure. */
export interface EmulatorFailure {
  code: number;
  detail: string;
}

/**
 * The failures the emulator reports. 11 and 40 are the real component's (print-component.md);
 * the others are the emulator's own numbers for cases the public material does not cover.
 */
export const EMULATOR_FAILURES = {
  documentNotFound: { code: 11, detail: 'document not found' },
  unknownEncryption: { code: 40, detail: 'Unknown encryption type.' },
  badTask: { code: 12, detail: 'task is missing or has no taskID' },
  duplicateTask: { code: 13, detail: 'taskID already used' },
  printerNotFound: { code: 14, detail: 'printer not found' },
  noPrintData: { code: 41, detail: 'document content carries neither data nor encryptedData' },
  renderFailed: { code: 42, detail: 'rendering failed' },
  paperOut: { code: 50, detail: 'Printer out of paper.' },
  printerNotReady: { code: 52, detail: 'printer not ready, task not taken' },
  paperJam: { code: 51, detail: 'Paper jam.' },
  printerOffline: { code: 53, detail: 'Printer is offline.' },
} as const satisfies Record<string, EmulatorFailure>;

/** A document ready to draw, or why it cannot be drawn. */
export type DocumentReading = { ok: true; document: EmulatorDocument } | { ok: false; failure: EmulatorFailure };

/** Whether a task's document list holds nothing printable (the component's errorCode 11). */
export function isEmptyDocumentList(documents: unknown): boolean {
  if (!Array.isArray(documents) || documents.length === 0) return true;
  return documents.some((document) => {
    const contents = asRecord(document)?.['contents'];
    return !Array.isArray(contents) || contents.length === 0;
  });
}

/** Reads one document's layers; a failure carries the code the component would report. */
export function readEmulatorDocument(documentId: string, contents: readonly unknown[]): DocumentReading {
  const layers = printDocumentLayers(contents);
  const first = asRecord(layers.printData);
  const customArea = layers.customArea;
  if (!first) return { ok: false, failure: EMULATOR_FAILURES.noPrintData };
  if (first['encryptedData'] !== undefined) {
    try {
      const data = decryptSandboxPrintData(first as unknown as EncryptedPrintData);
      return { ok: true, document: { documentId, printData: { data, templateURL: first['templateURL'], signature: first['signature'] }, customArea } };
    } catch {
      return { ok: false, failure: EMULATOR_FAILURES.unknownEncryption };
    }
  }
  if (!asRecord(first['data'])) return { ok: false, failure: EMULATOR_FAILURES.noPrintData };
  return { ok: true, document: { documentId, printData: first, customArea } };
}
