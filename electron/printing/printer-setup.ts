import { randomBytes } from 'node:crypto';
import { CALIBRATION_LIMIT_MM, isPrinterDisabled, type PrinterChoice, type PrinterConfig, type TestPrintResult } from '../../shared/domain/printing';
import { stationError } from '../../shared/errors/station-error';
import { StationFailure } from '../ipc/to-station-error';
import type { WithComponent } from './component-requests';
import type { PrintComponent, PrintDocument } from './print-component';

/**
 * The printer settings the UI offers: list the component's printers, choose one (the caller
 * stores the name), print a test label and calibrate a printer's offsets. Plain functions over a
 * PrintComponent, so they work with every platform's adapter.
 */

/** Lists the printers and resolves the stored choice (null when none is stored) against them. */
export async function listPrinters(component: PrintComponent, stored: string | null): Promise<PrinterChoice> {
  const { printers, defaultPrinter } = await component.getPrinters();
  const offered = stored !== null && printers.some((printer) => printer.name === stored);
  const usable = printers.filter((printer) => !isPrinterDisabled(printer));
  const byDefault = usable.some((printer) => printer.name === defaultPrinter) ? defaultPrinter : (usable[0]?.name ?? null);
  return {
    printers,
    defaultPrinter,
    effective: offered ? stored : byDefault,
    storedMissing: stored !== null && !offered,
  };
}

/** Checks a printer name before the caller stores it as the choice. */
export async function choosePrinter(component: PrintComponent, name: string): Promise<{ ok: true; printer: string } | { ok: false; reason: 'not-offered' }> {
  const { printers } = await component.getPrinters();
  return printers.some((printer) => printer.name === name) ? { ok: true, printer: name } : { ok: false, reason: 'not-offered' };
}

/** Refuses a printer the component the settings point at does not offer (`print.printer-not-offered`); null (its default) always passes. */
export async function assertPrinterOffered(withComponent: WithComponent, printer: string | null): Promise<void> {
  if (printer === null) return;
  const choice = await withComponent('getPrinters', (current) => choosePrinter(current, printer));
  if (!choice.ok) throw new StationFailure(stationError('print.printer-not-offered', { printer }));
}

/** A placeholder template for test labels; pass the carrier's standard template where a real component prints. */
export const TEST_LABEL_TEMPLATE_URL = 'https://cloudprint.cainiao.com/template/standard/101/1';

/** A test label: plain print data in the waybill shape, every field saying it is a test, under a TEST-… number. */
export function testLabelDocument(options: { now?: number; templateURL?: string } = {}): PrintDocument {
  const waybillCode = `TEST${(options.now ?? Date.now()).toString(36).toUpperCase()}`;
  const party = (name: string) => ({
    name,
    mobile: '13800000000',
    phone: '',
    address: { province: '上海', city: '上海市', district: '浦东新区', town: '', detail: '测试打印 Test print' },
  });
  return {
    documentId: waybillCode,
    contents: [
      {
        data: {
          recipient: party('测试收件人'),
          sender: party('测试寄件人'),
          routingInfo: { routeCode: 'TEST', sortation: { name: '测试打印' } },
          shippingOption: { code: 'TEST', title: '测试打印 Test print' },
          waybillCode,
        },
        templateURL: options.templateURL ?? TEST_LABEL_TEMPLATE_URL,
      },
    ],
  };
}

/** Prints one test label on a printer and waits for its outcome (default limit 30 s). Offline: throws PrintComponentError. */
export async function printTestLabel(
  component: PrintComponent,
  options: { printer: string; templateURL?: string; timeoutMs?: number },
): Promise<TestPrintResult> {
  const document = testLabelDocument({ templateURL: options.templateURL });
  const taskId = `test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const ids = { taskId, documentId: document.documentId };
  let stop = (): void => undefined;
  const outcome = new Promise<TestPrintResult>((resolve) => {
    const timer = setTimeout(() => resolve({ outcome: 'no-notice', ...ids }), options.timeoutMs ?? 30_000);
    const unsubscribe = component.onDocumentOutcome((notice) => {
      if (notice.taskId !== taskId || notice.kind === 'rendered') return;
      resolve(notice.kind === 'printed' ? { outcome: 'printed', ...ids } : { outcome: 'failed', ...ids, failure: notice.failure });
    });
    stop = () => {
      clearTimeout(timer);
      unsubscribe();
    };
  });
  try {
    const reply = await component.print({ taskId, printer: options.printer, documents: [document] });
    if (!reply.accepted) return { outcome: 'failed', ...ids, failure: reply.failure };
    return await outcome;
  } finally {
    stop();
  }
}

/** New offsets for a printer, in millimetres (positive: right and down). */
export interface PrinterOffsets {
  horizontalOffset: number;
  verticalOffset: number;
}

/**
 * Calibrates a printer: reads its config from the component, changes only the offsets, writes it
 * back and answers the config the component then reports. Offsets beyond ±CALIBRATION_LIMIT_MM
 * are refused (RangeError) before anything is sent.
 */
export async function calibratePrinter(component: PrintComponent, printer: string, offsets: PrinterOffsets): Promise<PrinterConfig> {
  for (const [name, value] of Object.entries(offsets)) {
    if (!Number.isFinite(value) || Math.abs(value) > CALIBRATION_LIMIT_MM) {
      throw new RangeError(`${name} must be between -${CALIBRATION_LIMIT_MM} and ${CALIBRATION_LIMIT_MM} mm, got ${value}`);
    }
  }
  const config = await component.getPrinterConfig(printer);
  await component.setPrinterConfig({ ...config, horizontalOffset: offsets.horizontalOffset, verticalOffset: offsets.verticalOffset });
  return component.getPrinterConfig(printer);
}
