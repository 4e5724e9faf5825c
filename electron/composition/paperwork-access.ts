import { firstShopOf, labelSizeFor, type Settings } from '../../shared/settings/settings-schema';
import type { LabelPreviewer } from '../../shared/domain/printing';
import { createLabelPreviewer } from '../issuing/label-preview';
import { createLabelRenderer, type LabelRenderer } from '../labels/label-renderer';
import type { StationLogger } from '../logging/station-logger';
import { createOsPrinting } from '../os-printing/os-printing';
import type { OsPrinting } from '../os-printing/os-printing-types';
import { createPaperworkRenderer, type PaperworkRenderer } from '../paperwork/paperwork-renderer';
import { createPaperworkService, type PaperworkService, type PaperworkServiceOptions } from '../paperwork/paperwork-service';
import { createPaperworkSources } from '../paperwork/paperwork-sources';
import type { SoldOrder } from '../../shared/domain/sold-order';
import type { StationBackend } from '../store/station-backend';
import type { PrintAccess } from './print-access';

/** What the label previews and the paperwork are made from. */
export interface PaperworkAccessOptions {
  settings: () => Settings;
  /** The station's backend: the journal, the print tasks and the paperwork's own questions. */
  backend: StationBackend;
  print: Pick<PrintAccess, 'queue' | 'component'>;
  soldOrders: (orderNumbers: readonly string[]) => Promise<SoldOrder[]>;
  logger: StationLogger;
  onSlipsFailed: PaperworkServiceOptions['onSlipsFailed'];
}

/** Label previews, packing slips and picking lists, sharing one label renderer made when first needed. */
export interface PaperworkAccess {
  previewer: LabelPreviewer;
  paperwork: PaperworkService;
  /** The OS printing slips go to (made when first needed). */
  slipPrinting: () => OsPrinting;
}

/** Creates the station's previews and paperwork; slips follow their labels out of the print queue. */
export function createPaperworkAccess(options: PaperworkAccessOptions): PaperworkAccess {
  const { settings, print } = options;
  let labelRenderer: LabelRenderer | null = null;
  let paperworkRenderer: PaperworkRenderer | null = null;
  let osPrinting: OsPrinting | null = null;
  const renderer = () => (labelRenderer ??= createLabelRenderer());
  const slipPrinting = (): OsPrinting => (osPrinting ??= createOsPrinting());
  const previewer = createLabelPreviewer({
    journal: options.backend.read.journal,
    printTasks: options.backend.read.printTasks,
    queue: print.queue,
    renderer,
    labelSize: (carrierCode) => labelSizeFor(settings().print, carrierCode),
    componentUrl: async () => (await print.component()).url,
  });
  const paperwork = createPaperworkService({
    sources: createPaperworkSources({ journal: options.backend.read.paperwork, shopId: () => firstShopOf(settings().gateway).shopId, soldOrders: options.soldOrders }),
    renderer: () => (paperworkRenderer ??= createPaperworkRenderer()),
    labelRenderer: renderer,
    printing: slipPrinting,
    settings: () => {
      const current = settings();
      return { paperwork: current.paperwork, shopName: firstShopOf(current.gateway).sellerNick, language: current.ui.language ?? 'zh-CN' };
    },
    jobSettings: async (jobId) => (await options.backend.read.journal.job(jobId))?.settings,
    log: options.logger,
    onSlipsFailed: options.onSlipsFailed,
  });
  // Slips follow their labels: a job planned with slips prints each one once its label printed.
  print.queue.onEvent((event) => paperwork.followLabels(event));
  return { previewer, paperwork, slipPrinting };
}
