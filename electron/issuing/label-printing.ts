import { DEFAULT_CUSTOM_AREA_FIELDS } from '../../shared/domain/paperwork';
import type { SoldOrder } from '../../shared/domain/sold-order';
import { customAreaData } from '../paperwork/custom-area';
import type { PrintContent } from '../../shared/domain/printing';
import type { PrintQueue, QueuedDocument } from '../printing/print-queue';
import type { IssueJobSettings, PrintHold } from '../../shared/domain/issuing';
import type { JournalReader, PrintTaskReader } from '../store/station-backend';
import type { PrintableWaybill } from '../store/station-records';

/** Orders looked up per journal query, so one SQL statement stays small. */
const ordersPerLookup = 500;

/**
 * The layers of one label: the decoded print_data exactly as the gateway returned it, then the
 * custom area with the fields the user chose for the orders in the package (goods, remarks,
 * order numbers, …): over the merchant's custom-area template, or as data alone where the
 * station draws the label itself (OS printer). Without either, or with no field chosen, the
 * print data alone.
 */
export function labelContents(printData: Record<string, unknown>, settings: IssueJobSettings, orders: readonly SoldOrder[]): PrintContent[] {
  const fields = settings.customAreaFields ?? DEFAULT_CUSTOM_AREA_FIELDS;
  if (fields.length === 0) return [printData];
  const data = customAreaData(orders, fields);
  if (settings.customAreaTemplateUrl !== null) return [printData, { templateURL: settings.customAreaTemplateUrl, data }];
  return settings.customAreaWithoutTemplate ? [printData, { data }] : [printData];
}

/**
 * A label as the print queue takes it: its waybill's layers (labelContents), the first of them the
 * print data stored with the waybill, so that the queue's store refers to it instead of keeping
 * a second copy.
 */
export function labelDocument(waybillCode: string, printData: Record<string, unknown>, settings: IssueJobSettings, orders: readonly SoldOrder[]): QueuedDocument {
  return { documentId: waybillCode, contents: labelContents(printData, settings, orders), printDataOfWaybill: true };
}

/** Where a job's labels are asked about: the journal's printable labels, and the print queue's store for those it ever had. */
export interface LabelSources {
  journal: Pick<JournalReader, 'printableLabels'>;
  printTasks: Pick<PrintTaskReader, 'handedOver'>;
}

/** The job's labels that may print without asking and were never handed to the print queue, in the user's order (optionally only these orders', by shop order key). */
export async function unprintedLabels(sources: LabelSources, jobId: string, orderKeys?: readonly string[]): Promise<PrintableWaybill[]> {
  const labels = await sources.journal.printableLabels(jobId, orderKeys);
  const handedOver = await sources.printTasks.handedOver(labels.map((label) => label.waybillCode));
  return labels.filter((label) => !handedOver.has(label.waybillCode));
}

/** The job's labels that would print now (as unprintedLabels): the first in the user's order with its orders, and how many. */
export async function heldLabels(sources: LabelSources, jobId: string): Promise<PrintHold> {
  const labels = await unprintedLabels(sources, jobId);
  const [first] = labels;
  return { firstLabel: first ? { waybillCode: first.waybillCode, orderNumbers: first.orders.map((order) => order.orderNumber) } : null, labels: labels.length };
}

/** Hands a job's labels to the print queue. */
export interface LabelFeeder {
  /**
   * Releases the labels of these settled orders (shop order keys, in the user's order) for printing: waybills that
   * may be printed without asking (issued here or recovered, readable print data, not voided)
   * and never sent to the printer before, with the job's settings as stored now (the desk may have
   * switched its printer). Answers how many labels were released.
   */
  release(jobId: string, orderKeys?: readonly string[]): Promise<number>;
  /** Hands released labels over while fewer than the window of the job's labels are out (none while the job's printing is held). */
  feed(jobId: string): Promise<void>;
  /** Forgets the job's released labels that were not handed over (a held job the user stopped): they stay unprinted, reprintable from the history. */
  drop(jobId: string): void;
  /** Labels released and not yet handed to the print queue (once the releases asked before are done). */
  waiting(jobId: string): Promise<number>;
}

/**
 * The feeder keeps at most `labelsAhead` of a job's labels in the print queue without an
 * outcome, and hands the next ones over as labels come out: the component is never flooded, a
 * dropped connection puts few labels in doubt, and the first label does not wait behind the
 * hand-over of hundreds after it. Before a label is handed over, the print queue's store is asked
 * whether its waybill has any print document: the engine never queues a label twice, whatever was
 * interrupted when. The feeder's steps run one at a time, each seeing what the previous handed over. Labels go over in bursts of half the window (the
 * queue records a burst sent in one durable commit). While the job's printing is held for the preview
 * of its first label (stored with the job), nothing is handed over.
 */
export function createLabelFeeder(parts: { journal: JournalReader; printTasks: PrintTaskReader; queue: PrintQueue; labelsAhead: number }): LabelFeeder {
  const { journal, printTasks, queue } = parts;
  const lines = new Map<string, { settings: IssueJobSettings; labels: PrintableWaybill[]; known: Set<string> }>();
  let steps: Promise<unknown> = Promise.resolve();
  /** Runs a step after the ones asked before (the window is counted with their labels in the queue). */
  function serially<T>(step: () => Promise<T>): Promise<T> {
    const run = steps.then(step);
    steps = run.catch(() => undefined);
    return run;
  }

  async function feedNow(jobId: string): Promise<void> {
    const line = lines.get(jobId);
    if (!line || (await journal.job(jobId))?.printHeld) return;
    const out = await printTasks.openLabels(jobId);
    const room = parts.labelsAhead - out;
    // Handed over in bursts (half the window at a time) while labels are still out: a burst is
    // recorded sent in one durable commit, and half the window keeps the printer busy meanwhile.
    if (room <= 0 || (out > 0 && room < Math.ceil(parts.labelsAhead / 2) && room < line.labels.length)) return;
    const taken = line.labels.splice(0, room);
    if (line.labels.length === 0) lines.delete(jobId);
    const handedOver = await printTasks.handedOver(taken.map((label) => label.waybillCode));
    const next = taken.filter((label) => !handedOver.has(label.waybillCode));
    if (next.length === 0) return;
    await queue.enqueue({
      jobId,
      printer: line.settings.printer,
      documents: next.map((label) => labelDocument(label.waybillCode, label.printData, line.settings, label.orders)),
    });
  }

  return {
    release: (jobId, orderKeys) => serially(async () => {
      const job = await journal.job(jobId);
      if (!job?.settings.print) return 0;
      const line = lines.get(job.id) ?? { settings: job.settings, labels: [], known: new Set<string>() };
      // The job's printer may have been switched since the line began.
      line.settings = job.settings;
      const lookups = orderKeys === undefined ? [undefined] : Array.from({ length: Math.ceil(orderKeys.length / ordersPerLookup) }, (_, index) => orderKeys.slice(index * ordersPerLookup, (index + 1) * ordersPerLookup));
      let released = 0;
      for (const lookup of lookups) {
        for (const label of await unprintedLabels({ journal, printTasks }, job.id, lookup)) {
          if (line.known.has(label.waybillCode)) continue;
          line.known.add(label.waybillCode);
          line.labels.push(label);
          released += 1;
        }
      }
      if (line.labels.length > 0) lines.set(job.id, line);
      await feedNow(job.id);
      return released;
    }),
    feed: (jobId) => serially(() => feedNow(jobId)),
    drop: (jobId) => void lines.delete(jobId),
    waiting: (jobId) => serially(async () => lines.get(jobId)?.labels.length ?? 0),
  };
}
