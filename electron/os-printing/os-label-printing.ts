import type { LabelOrderDetails, LabelSize } from '../labels/label-input';
import type { LabelRenderer } from '../labels/label-renderer';
import { readPlainPrintData } from '../labels/plain-print-data';
import { osPrintFailure } from './os-printing-types';
import type { OsPrintAccepted, OsPrinting, OsPrintOutcome } from './os-printing-types';

/** One waybill label to print on an OS printer. */
export interface OsLabelPrintRequest {
  /** The waybill number the job is for (the print task's document id). */
  waybillCode: string;
  /** The decoded print_data object (or its JSON text), as the gateway returned it. */
  printData: unknown;
  order: LabelOrderDetails;
  carrierCode: string;
  printer: string;
  size: LabelSize;
  /** Millisecond epoch printed on the label. */
  printedAt: number;
  copies?: number;
}

/** Prints waybill labels of our own on OS printers. */
export interface OsLabelPrinter {
  print(request: OsLabelPrintRequest): Promise<OsPrintOutcome<OsPrintAccepted>>;
}

/**
 * Labels of our own, printed without the carrier platform's print component: only plain print
 * data (need_encrypt false) can be drawn here. Encrypted print data is refused with a typed
 * error that sends the job to the print component, the only program that can decrypt it.
 */
export function createOsLabelPrinter(dependencies: { renderer: LabelRenderer; printing: OsPrinting }): OsLabelPrinter {
  return {
    async print(request) {
      const reading = readPlainPrintData(request.printData);
      if (reading.kind === 'encrypted') {
        return osPrintFailure('print.encrypted-needs-component', { waybillCode: request.waybillCode });
      }
      if (reading.kind === 'invalid') {
        return osPrintFailure('print.plain-data-invalid', { waybillCode: request.waybillCode, reason: reading.reason });
      }
      const pdf = await dependencies.renderer.renderPdf(
        { data: reading.data, order: request.order, carrierCode: request.carrierCode, printedAt: request.printedAt },
        request.size,
      );
      return dependencies.printing.printPdf({
        printer: request.printer,
        pdf,
        size: request.size,
        title: reading.data.waybillCode,
        ...(request.copies !== undefined && { copies: request.copies }),
      });
    },
  };
}
