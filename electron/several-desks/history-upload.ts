import { SHARE_REFUSALS_BEFORE_SET_ASIDE } from '../../shared/domain/desks';
import { StationFailure } from '../ipc/to-station-error';
import type { StationLogger } from '../logging/station-logger';
import type { DeskStatisticsHours, StatisticsOutboxReader, StatisticsOutboxWriter, UploadOutboxReader, UploadOutboxWriter } from '../store/station-backend';
import type { UnsharedLabelPrint, UnsharedVoidMark, UnsharedWaybill } from '../store/station-records';
import type { SharedStation } from './shared-station';

/** The server answered and refused the statement (not: the server is away). */
const isRefusal = (error: unknown): error is StationFailure => error instanceof StationFailure && error.error.code === 'shared-mode.refused';

/** What the sync moves waybills with. */
export interface HistoryUploadOptions {
  station: SharedStation;
  /** The waybills not yet uploaded (local, written with each waybill). */
  outbox: { read: UploadOutboxReader; write: UploadOutboxWriter };
  /** This desk's own statistics (failures, calls and points, held back, verification, operators) not yet sent. */
  statistics?: { read: StatisticsOutboxReader; write: StatisticsOutboxWriter };
  logger: StationLogger;
  now?: () => number;
  /** Waybills per round trip. */
  batch?: number;
  /** First wait after a failure, doubling up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

/** Each hour's rows of a desk's own statistics in one comparable text (rows sorted), to find the hours the server holds otherwise. */
function hourTexts(hours: DeskStatisticsHours): Map<number, string> {
  const rows = new Map<number, string[]>();
  for (const [kind, list] of Object.entries({ figures: hours.figures, failures: hours.failures, operators: hours.operators })) {
    for (const row of list) {
      const sorted = Object.entries(row).sort(([a], [b]) => a.localeCompare(b));
      rows.set(row.hour, [...(rows.get(row.hour) ?? []), JSON.stringify([kind, sorted])]);
    }
  }
  return new Map([...rows].map(([hour, texts]) => [hour, texts.sort().join('\n')]));
}

/** The background sync of this desk's waybills, void marks and label prints into the shared history, and of its own statistics into the account's. */
export interface HistoryUpload {
  /** Something was recorded, or the server is back: send what is waiting now. */
  poke(): void;
  /** Resolves once nothing is waiting (for tests and a clean close); rejects never. */
  drained(): Promise<void>;
  /** Stops; what is left waits in the local journal for the next start. */
  close(): Promise<void>;
}

/**
 * Sends the waybills this desk recorded to the shared history and marks their claims issued,
 * then marks them shared locally; then the void marks changed here meanwhile, then the labels
 * printed here. The local journal is written first (the waybill, the mark, the print and its "not
 * yet shared" mark in one transaction), PostgreSQL after: a desk that dies or loses the server
 * in between sends them on its next round, and every write is idempotent, so a waybill or print
 * sent twice is there once. Failures are retried with a growing wait, and at once when poked. A
 * batch the server refuses is sent waybill by waybill, so one it refuses never holds up the rest:
 * each refusal is counted, and at SHARE_REFUSALS_BEFORE_SET_ASIDE the waybill is set aside.
 * Last, this desk's own statistics: each hour whose own figures changed is sent whole, in place
 * of what the server held for it (so an hour sent twice counts once); at the first round of a
 * process the desk's hours are compared with the server's, so what changed while the desk was
 * down or away is sent too.
 */
export function startHistoryUpload(options: HistoryUploadOptions): HistoryUpload {
  const { station, outbox, logger } = options;
  const statistics = options.statistics;
  let statisticsCompared = false;
  const now = options.now ?? Date.now;
  const batch = options.batch ?? 200;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const drainedWaiters: (() => void)[] = [];

  const send = async (waybills: readonly UnsharedWaybill[]) => {
    // A waybill no journal order points at is nothing a desk could look for: it is let go, said once, so the rest flows.
    const orphans = waybills.filter((waybill) => waybill.orderNumbers.length === 0);
    for (const orphan of orphans) logger.warn('shared history sync: a waybill no order points at is not shared', { waybillCode: orphan.waybillCode, jobId: orphan.jobId });
    if (orphans.length > 0)
      await outbox.write.markShared(
        orphans.map((orphan) => orphan.waybillCode),
        now(),
      );
    const groups = new Map<string, UnsharedWaybill[]>();
    for (const waybill of waybills.filter((candidate) => candidate.orderNumbers.length > 0)) {
      const key = JSON.stringify([waybill.gateway.baseUrl, waybill.gateway.shopId, waybill.jobId]);
      groups.set(key, [...(groups.get(key) ?? []), waybill]);
    }
    let refusedAgain = false;
    for (const group of groups.values()) {
      try {
        await record(group);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        // One of them is refused: each alone, so the others are shared and the refused one counted.
        for (const waybill of group) {
          try {
            await record([waybill]);
          } catch (alone) {
            if (!isRefusal(alone)) throw alone;
            const setAside = await outbox.write.noteRefusal(waybill.waybillCode, alone.error, now(), SHARE_REFUSALS_BEFORE_SET_ASIDE);
            if (setAside) logger.error('shared history sync: a waybill the server keeps refusing is set aside', { waybillCode: waybill.waybillCode, error: alone.error });
            else refusedAgain = true;
          }
        }
      }
    }
    // A waybill refused but not yet set aside is tried again after the growing wait, not at once.
    if (refusedAgain) throw new Error('the shared history refused a waybill');
  };

  /** Records one job's waybills in the shared history, marks their claims issued, then marks them shared here. */
  const record = async (group: readonly UnsharedWaybill[]) => {
    const [{ gateway, jobId }] = group as [UnsharedWaybill];
    await station.history.recordWaybills(
      gateway,
      jobId,
      group.map((waybill) => ({
        waybillCode: waybill.waybillCode,
        parentWaybillCode: waybill.parentWaybillCode,
        orderNumbers: waybill.orderNumbers,
        carrierCode: waybill.carrierCode,
        branchCode: waybill.branchCode,
        issuedAt: waybill.recordedAt,
        printDataText: waybill.printDataText,
      })),
    );
    const { conflicts } = await station.claims.markIssued(
      gateway,
      jobId,
      group.flatMap((waybill) => waybill.orderNumbers.map((orderNumber) => ({ orderNumber, waybillCode: waybill.waybillCode }))),
    );
    // Two waybills for one order across desks: a person must look (the shared history keeps both).
    for (const conflict of conflicts) logger.error('shared claims: order issued at two desks', { orderNumber: conflict.orderNumber, here: conflict.waybillCode, elsewhere: conflict.recordedWaybillCode, desk: conflict.holder.deskName });
    await outbox.write.markShared(
      group.map((waybill) => waybill.waybillCode),
      now(),
    );
  };

  const sendVoidMarks = async (marks: readonly UnsharedVoidMark[]) => {
    for (const mark of marks) await station.history.setVoid(mark.gateway, [mark.waybillCode], mark.voidedAt, mark.note);
    await outbox.write.markVoidMarksShared(marks);
  };

  const sendPrints = async (prints: readonly UnsharedLabelPrint[]) => {
    await station.history.recordPrints(prints);
    await outbox.write.markPrintsShared(prints.map((print) => print.printId));
  };

  const drain = async () => {
    for (;;) {
      if (closed) return;
      const waiting = await outbox.read.unshared(batch);
      if (waiting.length === 0) break;
      station.ready();
      await send(waiting);
    }
    // Void marks after the waybills: the shared history has each waybill before its mark.
    for (;;) {
      if (closed) return;
      const marks = await outbox.read.unsharedVoidMarks(batch);
      if (marks.length === 0) break;
      station.ready();
      await sendVoidMarks(marks);
    }
    // Prints after the waybills too: the shared history keeps prints of the waybills it has.
    for (;;) {
      if (closed) return;
      const prints = await outbox.read.unsharedPrints(batch);
      if (prints.length === 0) break;
      station.ready();
      await sendPrints(prints);
    }
    if (statistics !== undefined) await sendStatistics(statistics);
    failures = 0;
    for (const resolve of drainedWaiters.splice(0)) resolve();
  };

  const sendStatistics = async ({ read, write }: NonNullable<HistoryUploadOptions['statistics']>) => {
    if (!statisticsCompared) {
      station.ready();
      const here = hourTexts(await read.all());
      const there = hourTexts(await station.statistics.deskHours());
      await write.markChanged([...new Set([...here.keys(), ...there.keys()])].filter((hour) => here.get(hour) !== there.get(hour)));
      statisticsCompared = true;
    }
    for (;;) {
      if (closed) return;
      const changed = await read.changed(batch);
      if (changed.length === 0) break;
      station.ready();
      await station.statistics.replaceDeskHours(await read.hours(changed.map((hour) => hour.hour)));
      await write.markShared(changed);
    }
  };

  const run = () => {
    if (running !== null) {
      again = true;
      return;
    }
    if (retry !== null) clearTimeout(retry);
    retry = null;
    running = drain()
      .catch((error: unknown) => {
        station.noticeFailure(error);
        if (failures === 0) logger.warn('shared history sync waits for the server', { error: String(error) });
        failures += 1;
        if (!closed) retry = setTimeout(run, Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1)));
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          run();
        }
      });
  };

  const stopListening = station.subscribe((event) => {
    if (event.type === 'state' && event.state === 'connected') {
      failures = 0;
      run();
    }
  });
  // A failure, a charged call, a held-back order, a verification or an operator's action recorded here goes on too.
  const stopWatching = statistics?.read.onChange(() => run());
  run();

  return {
    poke: () => {
      failures = 0;
      run();
    },
    drained: () =>
      new Promise((resolve) => {
        drainedWaiters.push(resolve);
        run();
      }),
    async close() {
      closed = true;
      stopListening();
      stopWatching?.();
      if (retry !== null) clearTimeout(retry);
      await running;
      for (const resolve of drainedWaiters.splice(0)) resolve();
    },
  };
}
