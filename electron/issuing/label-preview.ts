import { documentFailureError, type LabelPreviewer, type PreviewReference } from '../../shared/domain/printing';
import { stationError } from '../../shared/errors/station-error';
import type { LabelSize } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import type { LabelRenderer } from '../labels/label-renderer';
import { readPlainPrintData } from '../labels/plain-print-data';
import { customAreaOrderDetails, printDocumentLayers } from '../labels/print-document-contents';
import type { PrintQueue } from '../printing/print-queue';
import { previewImageDataUrl } from '../printing/preview-image';
import type { JournalReader, PrintTaskReader } from '../store/station-backend';
import { heldLabels, labelContents } from './label-printing';


/** What the previewer is built from. */
export interface LabelPreviewerOptions {
  journal: JournalReader;
  /** The print queue's store: which labels it already had (the held job's first label is one it never had). */
  printTasks: Pick<PrintTaskReader, 'handedOver'>;
  /** The print queue (its preview goes to the print component, never printing or queuing). */
  queue: Pick<PrintQueue, 'preview'>;
  /** The station's own label renderer (made on first use: it loads the label fonts). */
  renderer: () => LabelRenderer;
  /** The label size the desk prints for a carrier. */
  labelSize: (carrierCode: string) => LabelSize;
  /** The print component's address: its preview images are read from its host only. */
  componentUrl: () => Promise<string>;
  now?: () => number;
}


/**
 * The preview of a label exactly as it would be sent to print (the same content layers): plain
 * print data is drawn by the station's own renderer (an SVG, no component needed); encrypted print
 * data only the print component can decrypt, so it renders an image preview (`preview: true`,
 * `previewType: "image"`), whose URLs main reads into `data:` URLs. Failures are typed errors.
 */
export function createLabelPreviewer(options: LabelPreviewerOptions): LabelPreviewer {
  const { journal } = options;
  const now = options.now ?? Date.now;

  async function waybillOf(reference: PreviewReference): Promise<string> {
    if ('waybillCode' in reference) return reference.waybillCode;
    if (!(await journal.job(reference.jobId))) throw new StationFailure(stationError('issuing.job-not-found', { jobId: reference.jobId }));
    const first = (await heldLabels({ journal, printTasks: options.printTasks }, reference.jobId)).firstLabel;
    if (!first) throw new StationFailure(stationError('print.preview-no-label', { reference: reference.jobId }));
    return first.waybillCode;
  }

  return {
    async preview(reference) {
      const waybillCode = await waybillOf(reference);
      const found = await journal.previewLabel(waybillCode);
      if (found.kind === 'none') throw new StationFailure(stationError('print.preview-no-label', { reference: waybillCode }));
      const { label, settings } = found;
      const contents = labelContents(label.printData, settings, label.orders);
      const labelSize = options.labelSize(settings.carrierCode);
      const about = { waybillCode, orderNumbers: label.orders.map((order) => order.orderNumber), carrierCode: settings.carrierCode, labelSize };
      const reading = readPlainPrintData(label.printData);
      if (reading.kind === 'plain') {
        const input = { data: reading.data, order: customAreaOrderDetails(printDocumentLayers(contents).customArea), carrierCode: settings.carrierCode, printedAt: now() };
        const svg = options.renderer().renderSvg(input, labelSize);
        return { ...about, images: [`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`], source: 'station-renderer' };
      }
      const reply = await options.queue.preview({ printer: settings.printer, documents: [{ documentId: waybillCode, contents }] });
      if (!reply.ok) throw new StationFailure(documentFailureError(waybillCode, reply.failure));
      if (reply.previewImages.length === 0) throw new StationFailure(stationError('print.preview-failed', { waybillCode, reason: 'the print component answered no image' }));
      try {
        const componentUrl = await options.componentUrl();
        return { ...about, images: await Promise.all(reply.previewImages.map((url) => previewImageDataUrl(url, { componentUrl }))), source: 'component' };
      } catch (error) {
        throw new StationFailure(stationError('print.preview-failed', { waybillCode, reason: error instanceof Error ? error.message : String(error) }));
      }
    },
  };
}
