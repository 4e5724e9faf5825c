import type { IssueJobSettings } from '../../shared/domain/issuing';
import type { CustomAreaField, PaperworkPdf, PaperworkPrintResult, PickingSort } from '../../shared/domain/paperwork';
import { stationError, type StationError } from '../../shared/errors/station-error';
import type { PaperworkSettings } from '../../shared/settings/settings-schema';
import { StationFailure } from '../ipc/to-station-error';
import type { LabelSize } from '../labels/label-input';
import type { LabelRenderer } from '../labels/label-renderer';
import { customAreaOrderDetails } from '../labels/print-document-contents';
import { SAMPLE_LABEL_INPUTS } from '../labels/sample-labels';
import type { OsPrinting, PrintPaper } from '../os-printing/os-printing-types';
import type { PrintQueueEvent } from '../printing/print-queue';
import { customAreaData } from './custom-area';
import type { PackingSlip } from './packing-slip-layout';
import type { PaperworkDocument, PaperworkRenderer } from './paperwork-renderer';
import type { PaperworkSources, PaperworkPackage } from './paperwork-sources';
import type { PaperworkLanguage } from './paperwork-texts';
import { aggregatePicking } from './picking-list';
import { sampleSoldOrder } from './sample-sold-orders';
import { defaultSlipPrinter } from './slip-printer';

/** How long printed labels are gathered before their slips go out as one print job (two slips share an A4 sheet). */
const SLIP_GATHER_MS = 400;

/** What the paperwork service reads and prints with. */
export interface PaperworkServiceOptions {
  sources: PaperworkSources;
  renderer: () => PaperworkRenderer;
  labelRenderer: () => LabelRenderer;
  printing: () => OsPrinting;
  settings: () => { paperwork: PaperworkSettings; shopName: string; language: PaperworkLanguage };
  /** A job's settings (packing slips on or off), undefined for an unknown job. */
  jobSettings: (jobId: string) => Promise<IssueJobSettings | undefined>;
  log: { info(event: string, fields?: Record<string, unknown>): void; warn(event: string, fields?: Record<string, unknown>): void };
  /** Slips that were to follow their labels did not print: the desk is told (the labels printed). */
  onSlipsFailed: (failure: { error: StationError; orderNumbers: string[] }) => void;
  now?: () => number;
}

/** Which orders paperwork is for: a selection of orders, history rows (waybills), or a job. */
export type PaperworkScope = { orderNumbers: string[] } | { waybillCodes: string[] } | { jobId: string };

/** What a picking list is made of and how it is sorted and worded. */
export interface PickingListRequest {
  scope: PaperworkScope;
  sort: PickingSort;
  language: PaperworkLanguage;
}

/** Packing slips, picking lists and the custom-area preview. Nothing here calls the gateway. */
export interface PaperworkService {
  /** Prints the packing slips of these orders, waybills or job on the slip printer, in the order given. */
  printSlips(scope: PaperworkScope): Promise<PaperworkPrintResult>;
  /** Prints a picking list of these orders or this job on the slip printer (A4). */
  printPickingList(request: PickingListRequest): Promise<PaperworkPrintResult>;
  /** A picking list of these orders or this job as a PDF to save. */
  pickingListPdf(request: PickingListRequest): Promise<PaperworkPdf>;
  /** A sample label with the custom area showing these fields, as an SVG `data:` URL. */
  customAreaPreview(request: { fields: readonly CustomAreaField[]; size: LabelSize }): { image: string };
  /** Prints a job's packing slip after each of its labels printed, in the labels' order (jobs planned with slips). */
  followLabels(event: PrintQueueEvent): void;
  /** Prints the slips still gathered (at close). */
  flush(): Promise<void>;
}

/** The paper a slip size prints on. */
function slipPaper(size: PaperworkSettings['slipSize']): PrintPaper {
  if (size === 'a4-half') return 'A4';
  if (size === 'a5') return 'A5';
  return size;
}

/** The paperwork service. */
export function createPaperworkService(options: PaperworkServiceOptions): PaperworkService {
  const now = options.now ?? Date.now;

  async function packagesOf(scope: PaperworkScope): Promise<{ packages: PaperworkPackage[]; unknown: string[] }> {
    if ('jobId' in scope) {
      const orderNumbers = await options.sources.jobOrderNumbers(scope.jobId);
      if (orderNumbers.length === 0) throw new StationFailure(stationError('paperwork.job-unknown', { jobId: scope.jobId }));
      return options.sources.packagesOfOrders(orderNumbers);
    }
    const asked = 'orderNumbers' in scope ? scope.orderNumbers : scope.waybillCodes;
    const found = 'orderNumbers' in scope ? await options.sources.packagesOfOrders(asked) : await options.sources.packagesOfWaybills(asked);
    if (found.packages.length === 0) throw new StationFailure(stationError('paperwork.orders-unknown', { count: asked.length, first: asked[0] ?? '' }));
    return found;
  }

  async function print(document: PaperworkDocument, paper: PrintPaper, title: string): Promise<string> {
    const printer = options.settings().paperwork.slipPrinter ?? defaultSlipPrinter(await options.printing().listPrinters());
    const outcome = await options.printing().printPdf({ printer, pdf: document.pdf, size: paper, title });
    if (!outcome.ok) throw new StationFailure(stationError(outcome.error.code, outcome.error.params as never));
    options.log.info('paperwork printed', { title, pages: document.pages, printer: outcome.data.printer, job: outcome.data.jobId });
    return printer;
  }

  async function printPackages(packages: readonly PaperworkPackage[], language: PaperworkLanguage): Promise<{ printed: number; printer: string }> {
    const { paperwork, shopName } = options.settings();
    const printedAt = now();
    const slips: PackingSlip[] = packages.map((pkg) => ({ shopName, orders: pkg.orders, waybillCode: pkg.waybillCode, carrierCode: pkg.carrierCode, printedAt }));
    const document = await options.renderer().packingSlips(slips, paperwork.slipSize, language);
    // The job's title names the first slip: the print queue and a PDF printer's file show which slips they are.
    const printer = await print(document, slipPaper(paperwork.slipSize), `packing-slips-${slips[0]?.orders[0].orderNumber ?? ''}`);
    return { printed: slips.length, printer };
  }

  async function pickingList(request: PickingListRequest) {
    const { packages, unknown } = await packagesOf(request.scope);
    const orders = packages.flatMap((pkg) => pkg.orders);
    const source = 'jobId' in request.scope ? request.scope.jobId : '';
    const document = await options.renderer().pickingList({ lines: aggregatePicking(orders, request.sort), orders: orders.length, createdAt: now(), source }, request.language);
    return { document, source, firstOrder: orders[0]?.orderNumber ?? '', unknown };
  }

  // Labels printed and waiting for their slips, in the order they printed; one gather at a time.
  let gathered: string[] = [];
  let gatherTimer: NodeJS.Timeout | null = null;
  let printing: Promise<void> = Promise.resolve();
  const slipped = new Set<string>();
  /** Printed labels are looked at one after the other, so their slips keep the labels' order. */
  let following: Promise<void> = Promise.resolve();

  function printGathered(): Promise<void> {
    gatherTimer = null;
    const waybillCodes = gathered;
    gathered = [];
    if (waybillCodes.length === 0) return printing;
    printing = printing.then(async () => {
      const { packages } = await options.sources.packagesOfWaybills(waybillCodes);
      if (packages.length === 0) return;
      try {
        await printPackages(packages, options.settings().language);
      } catch (error) {
        // A slip costs nothing and its label is out: the desk is told, and reprints it from the history.
        const failure = error instanceof StationFailure ? error.error : stationError('internal.unexpected', {});
        options.log.warn('packing slips not printed', { waybills: waybillCodes.length, error: failure.code });
        options.onSlipsFailed({ error: failure, orderNumbers: packages.flatMap((pkg) => pkg.orders.map((order) => order.orderNumber)) });
      }
    });
    return printing;
  }

  return {
    async printSlips(scope) {
      const { packages, unknown } = await packagesOf(scope);
      const result = await printPackages(packages, options.settings().language);
      return { ...result, unknownOrders: unknown };
    },
    async printPickingList(request) {
      const { document, source, firstOrder, unknown } = await pickingList(request);
      const printer = await print(document, 'A4', `picking-list-${source || firstOrder}`);
      return { printed: 1, printer, unknownOrders: unknown };
    },
    async pickingListPdf(request) {
      const { document, source } = await pickingList(request);
      return { fileName: `picking-list-${source || 'selection'}-${now()}.pdf`, base64: Buffer.from(document.pdf).toString('base64'), pages: document.pages };
    },
    customAreaPreview({ fields, size }) {
      const [sample] = SAMPLE_LABEL_INPUTS;
      if (!sample) throw new Error('no sample label');
      const orders = [
        sampleSoldOrder({ orderNumber: '3512345678901234567', goodsCount: 2, remark: '请周末送货，谢谢', flag: 1, flagName: '送小样' }),
        sampleSoldOrder({ orderNumber: '3512345678901234568', goodsName: '帆布鞋', goodsSpec: '37码' }),
      ];
      const order = customAreaOrderDetails(customAreaData(orders, fields));
      const svg = options.labelRenderer().renderSvg({ ...sample, order, printedAt: now() }, size);
      return { image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },
    followLabels(event) {
      if (event.kind !== 'document' || event.document.state !== 'printed') return;
      const { jobId, documentId } = event.document;
      following = following.then(async () => {
        if (slipped.has(documentId) || (await options.jobSettings(jobId))?.packingSlips !== true) return;
        slipped.add(documentId);
        gathered.push(documentId);
        gatherTimer ??= setTimeout(() => void printGathered(), SLIP_GATHER_MS);
      }).catch((error: unknown) => options.log.warn('packing slip not followed', { documentId, error: String(error) }));
    },
    async flush() {
      await following;
      if (gatherTimer) clearTimeout(gatherTimer);
      return printGathered();
    },
  };
}
