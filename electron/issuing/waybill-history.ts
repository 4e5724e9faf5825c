import { amongGateways, type GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { StationError } from '../../shared/errors/station-error';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import { chinaDayOf } from '../../shared/time/china-time';
import type { GatewayClient } from '../gateway/gateway-client';
import type { RequeueResult } from '../../shared/domain/printing';
import type { PrintQueue } from '../printing/print-queue';
import type { HistoryReader, HistoryWriter, PrintTaskReader, PrintTaskWriter } from '../store/station-backend';
import { labelDocument } from './label-printing';
import { shipmentCsv } from './waybill-csv';
import type { HistoryQuery, HistoryPage, IssueJobSettings, ReprintRefusal, ReprintResult, VoidResult } from '../../shared/domain/issuing';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The history service. */
export interface WaybillHistory {
  /** A page of history lines matching the query, newest first, and how many match in all. */
  search(query: HistoryQuery): Promise<HistoryPage>;
  /**
   * Prints labels again from the stored print data (never issues a waybill). Labels that already
   * came out of the printer are queued only with `confirmAlreadyPrinted`; an issued-elsewhere
   * waybill prints only through this explicit request.
   */
  reprint(request: { waybillCodes: string[]; confirmAlreadyPrinted: boolean; printer?: string }): Promise<ReprintResult>;
  /** Labels whose print outcome stays unknown after the component was asked: the user checked the desk and wants them again. */
  resendUnknown(waybillCodes: string[]): Promise<RequeueResult>;
  /** Sets or clears the void mark (the gateway has no cancel endpoint: the carrier is not told); in shared mode the shared history's too, now or once the server is back. */
  setVoid(request: { waybillCodes: string[]; voided: boolean; note?: string }): Promise<VoidResult>;
  /**
   * The shipment CSV of the matching orders whose waybill was issued or recovered (in shared mode
   * at any desk, with a desk column) and is not voided: of one shop (`shop`), as that shop's
   * platform imports it, or of every shop (with a shop column once the lines are of several).
   */
  exportCsv(query: Omit<HistoryQuery, 'limit' | 'offset'>): Promise<{ fileName: string; text: string; lines: number }>;
  /** Drops stored print data older than the retention (waybill numbers stay); answers how much was dropped. */
  purgePrintData(retentionDays: number): Promise<{ waybills: number; printDocuments: number }>;
  /** Fetches print data again through the query endpoint for waybills whose data is unreadable or purged. */
  refetchPrintData(waybillCodes: string[]): Promise<{ refreshed: string[]; failed: { waybillCode: string; error: StationError | null }[] }>;
}

/** What the history is built from. */
export interface WaybillHistoryOptions {
  /** The history's part of the station backend. */
  history: { read: HistoryReader; write: HistoryWriter };
  /** The print queue's store: the labels of unknown outcome, and the print data its printed documents keep. */
  printTasks: { read: PrintTaskReader; write: PrintTaskWriter };
  queue: PrintQueue;
  /** The gateway client of a shop of the account: a waybill's print data is fetched again as the shop that issued it. */
  gateway: (shopId: string) => Promise<GatewayClient>;
  /** The gateway set now with each shop of the account: a label issued against another one is not printed again here. */
  gatewayIdentities: () => readonly GatewayIdentity[];
  /** This desk's print settings now: another desk's waybill (shared mode) is reprinted with them, on this desk's printer. */
  currentPrintSettings: () => IssueJobSettings;
  /** Shared mode: this desk's name, for the CSV's desk column (lines of other desks carry their own). */
  deskName?: string;
  /** The display name of a shop of the account (the CSV's shop column); its id where none is known. */
  shopName: (shopId: string) => string;
  now?: () => number;
  newJobId?: () => string;
}

/** What the history's operations share: its options, its clock and the ids of its reprint jobs. */
interface HistoryParts {
  options: WaybillHistoryOptions;
  now: () => number;
  newJobId: () => string;
}

/** Creates the history service over the journal's history and the print queue. */
export function createWaybillHistory(options: WaybillHistoryOptions): WaybillHistory {
  const { history, printTasks, queue } = options;
  const now = options.now ?? Date.now;
  let reprints = 0;
  const parts: HistoryParts = { options, now, newJobId: options.newJobId ?? (() => `reprint-${now().toString(36)}-${(reprints += 1)}`) };

  return {
    search: (query) => history.read.search(query),
    reprint: (request) => reprint(parts, request),
    async resendUnknown(waybillCodes) {
      const current = options.gatewayIdentities();
      const documents = [];
      for (const waybillCode of waybillCodes) documents.push(...(await printTasks.read.unknownDocumentsOf(waybillCode)));
      const ofCurrent = documents.filter((document) => amongGateways(document.gateway, current));
      const ofOther = documents.filter((document) => !amongGateways(document.gateway, current));
      const result = await queue.resendUnknown(ofCurrent.map((document) => document.recordId));
      // A label of another gateway's shop is not in this run's queue: it waits for that gateway.
      return { ...result, refused: [...result.refused, ...ofOther.map((document) => ({ id: document.recordId, reason: 'other-gateway' as const, state: 'unknown' as const }))] };
    },
    setVoid: (request) => history.write.setVoid(request.waybillCodes, request.voided ? now() : null, request.voided ? (request.note ?? '') : ''),
    exportCsv: (query) => exportCsv(parts, query),
    async purgePrintData(retentionDays) {
      const cutoff = now() - Math.max(1, retentionDays) * DAY_MS;
      return { waybills: await history.write.purgePrintData(cutoff), printDocuments: await printTasks.write.purgeContents(cutoff) };
    },
    refetchPrintData: (waybillCodes) => refetchPrintData(options, waybillCodes),
  };
}

/** See WaybillHistory.reprint. */
async function reprint({ options, newJobId }: HistoryParts, request: { waybillCodes: string[]; confirmAlreadyPrinted: boolean; printer?: string }): Promise<ReprintResult> {
  const { history, queue } = options;
  const result: ReprintResult = { queued: [], needsConfirmation: [], refused: [] };
  const printable: { waybillCode: string; printData: Record<string, unknown>; settings: IssueJobSettings }[] = [];
  for (const waybillCode of [...new Set(request.waybillCodes)]) {
    const source = await history.read.reprintSource(waybillCode);
    const refuse = (reason: ReprintRefusal) => result.refused.push({ waybillCode, reason });
    if (!source) refuse('unknown-waybill');
    else if (!amongGateways(source.gateway, options.gatewayIdentities())) refuse('other-gateway');
    else if (source.voided) refuse('voided');
    else if (source.printData === null) refuse(source.printDataState === 'purged' ? 'print-data-purged' : 'print-data-unreadable');
    else if (source.inQueue) refuse('already-in-print-queue');
    else {
      if (source.printCount > 0 && !request.confirmAlreadyPrinted) result.needsConfirmation.push({ waybillCode, printCount: source.printCount, printedAtDesks: source.printedAtDesks });
      printable.push({ waybillCode, printData: source.printData, settings: source.settings ?? options.currentPrintSettings() });
    }
  }
  // All or nothing: a person answers the question before any label of the request comes out.
  if (result.needsConfirmation.length > 0 || printable.length === 0) return result;
  const documents = [];
  for (const label of printable) {
    documents.push(labelDocument(label.waybillCode, label.printData, label.settings, await history.read.ordersOn(label.waybillCode)));
  }
  const enqueued = await queue.enqueue({ jobId: newJobId(), printer: request.printer ?? printable[0]?.settings.printer ?? '', documents });
  result.queued = enqueued.queued.map((document) => document.documentId);
  for (const rejected of enqueued.rejected) result.refused.push({ waybillCode: rejected.documentId, reason: 'already-in-print-queue' });
  return result;
}

/** See WaybillHistory.exportCsv. */
async function exportCsv({ options, now }: HistoryParts, query: Omit<HistoryQuery, 'limit' | 'offset'>): Promise<{ fileName: string; text: string; lines: number }> {
  const lines = [];
  // An order in several parcels ships on its parent waybill: one line for all its parcels.
  const listed = new Set<string>();
  for (let offset = 0; ; offset += 1000) {
    const page = await options.history.read.search({ ...query, limit: 1000, offset });
    for (const row of page.rows) {
      if (row.voided || row.waybillCode === null || (row.state !== 'issued' && row.state !== 'recovered')) continue;
      const line = JSON.stringify([row.shopId, row.orderNumber, row.parentWaybillCode ?? row.waybillCode]);
      if (listed.has(line)) continue;
      listed.add(line);
      lines.push({
        orderNumber: row.orderNumber,
        carrierCode: row.carrierCode,
        waybillCode: row.parentWaybillCode ?? row.waybillCode,
        deskName: row.desk?.name ?? options.deskName ?? '',
        shopId: row.shopId,
        shopName: options.shopName(row.shopId),
        weightG: row.weightG ?? null,
      });
    }
    if (offset + 1000 >= page.total) break;
  }
  // Lines of several shops name their shop; a shop's own lines are exactly what its platform imports.
  const shopColumn = new Set(lines.map((line) => line.shopId)).size > 1;
  // The weight each issue call sent, where one was (a scale's or a typed one).
  const weightColumn = lines.some((line) => line.weightG !== null);
  const text = shipmentCsv(lines, { deskColumn: options.deskName !== undefined, shopColumn, weightColumn });
  const fileName = query.shop === undefined ? `waybills-${chinaDayOf(now())}.csv` : `waybills-${query.shop}-${chinaDayOf(now())}.csv`;
  return { fileName, text, lines: lines.length };
}

/** Print data fetched again, and the waybills it could not be fetched for (with why, when known). */
interface Refetched {
  refreshed: string[];
  failed: { waybillCode: string; error: StationError | null }[];
}

/** See WaybillHistory.refetchPrintData. */
async function refetchPrintData(options: WaybillHistoryOptions, waybillCodes: string[]): Promise<Refetched> {
  // Each waybill is asked for as the shop that issued it (another shop's query endpoint does not know it).
  const byShop = new Map<string, Map<string, string>>();
  const failed: Refetched['failed'] = [];
  for (const waybillCode of [...new Set(waybillCodes)]) {
    const first = await options.history.read.firstOrderOn(waybillCode);
    if (first === undefined) failed.push({ waybillCode, error: null });
    else byShop.set(first.shopId, (byShop.get(first.shopId) ?? new Map<string, string>()).set(first.orderNumber, waybillCode));
  }
  const refreshed: string[] = [];
  for (const [shopId, byOrder] of byShop) {
    const client = await options.gateway(shopId);
    const refetched = await refetchOfShop(options.history.write, client, byOrder);
    refreshed.push(...refetched.refreshed);
    failed.push(...refetched.failed);
  }
  return { refreshed, failed };
}

/** Fetches print data again for waybills of one shop (its first order → waybill) through that shop's client. */
async function refetchOfShop(history: HistoryWriter, client: GatewayClient, byOrder: ReadonlyMap<string, string>): Promise<Refetched> {
  const orderNumbers = [...byOrder.keys()];
  const refreshed: string[] = [];
  const failed: Refetched['failed'] = [];
  for (let start = 0; start < orderNumbers.length; start += ISSUE_LIMITS.entriesPerQueryCall) {
    const chunk = orderNumbers.slice(start, start + ISSUE_LIMITS.entriesPerQueryCall);
    const answer = await client.queryIssuedWaybills(chunk, { priority: 'interactive' });
    for (const orderNumber of chunk) {
      const waybillCode = byOrder.get(orderNumber) as string;
      const outcome = answer.ok ? answer.data.outcomes.find((candidate) => candidate.orderNumber === orderNumber) : undefined;
      if (outcome?.status === 'found' && outcome.waybill.waybillCode === waybillCode && outcome.waybill.printData.ok) {
        await history.storePrintData(waybillCode, outcome.waybill.printData.data);
        refreshed.push(waybillCode);
      } else {
        const error = !answer.ok ? answer.error : outcome?.status === 'unknown' ? outcome.error : outcome?.status === 'found' && !outcome.waybill.printData.ok ? outcome.waybill.printData.error : null;
        failed.push({ waybillCode, error });
      }
    }
  }
  return { refreshed, failed };
}
