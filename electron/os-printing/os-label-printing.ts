import type { LabelInput, LabelOrderDetails, LabelSize } from '../labels/label-input';
import type { LabelOffset, LabelRenderer } from '../labels/label-renderer';
import { readPlainPrintData } from '../labels/plain-print-data';
import { osPrintFailure } from './os-printing-types';
import type { OsPrintAccepted, OsPrinting, OsPrintOutcome } from './os-printing-types';

/** What one waybill label of our own is drawn from. */
export interface OsLabelContent {
  /** The waybill number the job is for (the print task's document id). */
  waybillCode: string;
  /** The decoded print_data object (or its JSON text), as the gateway returned it. */
  printData: unknown;
  order: LabelOrderDetails;
  carrierCode: string;
  /** Millisecond epoch printed on the label. */
  printedAt: number;
}

/** One waybill label to print on an OS printer. */
export interface OsLabelPrintRequest extends OsLabelContent {
  printer: string;
  size: LabelSize;
  /** The printer's calibration; none by default. */
  offset?: LabelOffset;
  copies?: number;
}

/** Prints waybill labels of our own on OS printers. */
export interface OsLabelPrinter {
  print(request: OsLabelPrintRequest): Promise<OsPrintOutcome<OsPrintAccepted>>;
}

/**
 * The renderer's input for a label of our own: only plain print data (need_encrypt false) can be
 * drawn here. Encrypted print data is refused with a typed error that sends the job to the print
 * component, the only program that can decrypt it.
 */
export function readLabelInput(content: OsLabelContent): OsPrintOutcome<LabelInput> {
  const reading = readPlainPrintData(content.printData);
  if (reading.kind === 'encrypted') {
    return osPrintFailure('print.encrypted-needs-component', { waybillCode: content.waybillCode });
  }
  if (reading.kind === 'invalid') {
    return osPrintFailure('print.plain-data-invalid', { waybillCode: content.waybillCode, reason: reading.reason });
  }
  return { ok: true, data: { data: reading.data, order: content.order, carrierCode: content.carrierCode, printedAt: content.printedAt } };
}

/** Labels of our own, printed without the carrier platform's print component (plain print data only, see readLabelInput). */
export function createOsLabelPrinter(dependencies: { renderer: LabelRenderer; printing: OsPrinting }): OsLabelPrinter {
  return {
    async print(request) {
      const input = readLabelInput(request);
      if (!input.ok) return input;
      const pdf = await dependencies.renderer.renderPdf(input.data, request.size, request.offset && { offset: request.offset });
      return dependencies.printing.printPdf({
        printer: request.printer,
        pdf,
        size: request.size,
        title: input.data.data.waybillCode,
        ...(request.copies !== undefined && { copies: request.copies }),
      });
    },
  };
}
