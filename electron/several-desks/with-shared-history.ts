import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { DeskPrints, HistoryRow } from '../../shared/domain/issuing';
import type { SharedHistoryRow } from '../store/postgres/shared-history';
import type { HistoryReader, HistoryWriter, StationBackend } from '../store/station-backend';
import type { SharedStation } from './shared-station';

/**
 * Another desk's parcels (one order's waybills of one ticket: the same parent waybill) numbered
 * among the lines of a page, the parent's first; this desk's lines come numbered from its journal.
 */
function parcelsNumbered(rows: readonly HistoryRow[]): HistoryRow[] {
  const tickets = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    if (row.parcel !== null || row.parentWaybillCode === null || row.waybillCode === null) continue;
    const key = JSON.stringify([row.shopId, row.orderNumber, row.parentWaybillCode]);
    tickets.set(key, [...(tickets.get(key) ?? []), row]);
  }
  const numbered = new Map<HistoryRow, HistoryRow['parcel']>();
  for (const ticket of tickets.values()) {
    if (ticket.length < 2) continue;
    const ordered = [...ticket].sort((a, b) => Number(b.waybillCode === b.parentWaybillCode) - Number(a.waybillCode === a.parentWaybillCode) || String(a.waybillCode).localeCompare(String(b.waybillCode)));
    ordered.forEach((row, index) => numbered.set(row, { no: index + 1, count: ordered.length }));
  }
  return rows.map((row) => (numbered.has(row) ? { ...row, parcel: numbered.get(row) ?? null } : row));
}

/** A label's prints at desks other than `deskId`, and how many they are. */
function printsElsewhere(prints: readonly DeskPrints[], deskId: string): { printedAtDesks: DeskPrints[]; count: number } {
  const printedAtDesks = prints.filter((desk) => desk.deskId !== deskId);
  return { printedAtDesks, count: printedAtDesks.reduce((sum, desk) => sum + desk.count, 0) };
}

/**
 * The shared mode's backend, composed on the local one: this desk's own SQLite journal, written first and the truth for its
 * work, with the account's shared history over it. History search reads every desk's waybills
 * while the server answers (this desk's lines keep their print states), and this desk's own
 * history while it is away; another desk's waybill reprints here from the shared print data with
 * this desk's print settings, under its own shop; void marks go to both, and so does the
 * retention's purge of print data. Every line shows its label's prints at the other desks (which
 * desk, when, how many times), and a reprint counts them, so it asks first wherever the label came
 * out. The waybills and prints themselves reach the shared history through the background sync
 * (history-upload.ts), never in the journal's step.
 */
export function withSharedHistory(local: StationBackend, shared: SharedStation): StationBackend {
  const localHistory = local.read.history;
  const prints = local.read.printTasks;

  /** A waybill as the shared history has it (of whichever shop of the account); undefined when unknown there or the server is away. */
  const sharedSource = async (waybillCode: string) => {
    if (shared.state() !== 'connected') return undefined;
    try {
      return await shared.history.printData(shared.gatewayIdentity().baseUrl, waybillCode);
    } catch (error) {
      shared.noticeFailure(error);
      return undefined;
    }
  };

  const lineOf = async (row: SharedHistoryRow): Promise<HistoryRow> => {
    const elsewhere = printsElsewhere(row.prints, shared.access.deskId);
    if (row.deskId === shared.access.deskId) {
      const own = (await localHistory.search({ text: row.orderNumber, shop: row.gateway.shopId, limit: 10 })).rows.find((line) => line.orderNumber === row.orderNumber && line.waybillCode === row.waybillCode);
      if (own) return { ...own, desk: { deskId: row.deskId, name: row.deskName }, printCount: own.printCount + elsewhere.count, printedAtDesks: elsewhere.printedAtDesks };
    }
    // Another desk's label shows how it printed here (a reprint at this desk), else printed where it came out.
    const here = await prints.printsOf(row.waybillCode);
    return {
      shopId: row.gateway.shopId,
      orderNumber: row.orderNumber,
      jobId: row.jobId,
      state: 'issued',
      waybillCode: row.waybillCode,
      parentWaybillCode: row.parentWaybillCode,
      // Numbered with the other lines of the page (parcelsNumbered).
      parcel: null,
      carrierCode: row.carrierCode,
      branchCode: row.branchCode,
      origin: 'issued',
      at: row.at,
      printState: here.lastState ?? (elsewhere.count > 0 ? 'printed' : 'not-printed'),
      printError: null,
      printCount: here.printed + elsewhere.count,
      printOutput: null,
      printAutomaticSends: 0,
      printData: row.printData,
      voided: row.voided,
      voidNote: row.voidNote,
      error: null,
      desk: { deskId: row.deskId, name: row.deskName },
      printedAtDesks: elsewhere.printedAtDesks,
    };
  };

  const history: HistoryReader = {
    ...localHistory,
    // Another desk's waybill reprints here from the shared history's print data, with this desk's print settings, as its own shop.
    // Prints at other desks count (own waybill or not): a label that came out anywhere asks first.
    async reprintSource(waybillCode) {
      const own = await localHistory.reprintSource(waybillCode);
      const source = await sharedSource(waybillCode);
      const elsewhere = printsElsewhere(source?.prints ?? [], shared.access.deskId);
      if (own !== undefined) return { ...own, printCount: own.printCount + elsewhere.count, printedAtDesks: elsewhere.printedAtDesks };
      if (source === undefined) return undefined;
      const here = await prints.printsOf(waybillCode);
      return {
        printData: source.printData,
        printDataState: source.printDataState,
        voided: source.voided,
        settings: null,
        gateway: source.gateway,
        printCount: here.printed + elsewhere.count,
        inQueue: here.open,
        printedAtDesks: elsewhere.printedAtDesks,
      };
    },
    // Another desk's orders are this desk's sold-order cache's of the waybill's shop (the custom area prints from them).
    async ordersOn(waybillCode) {
      const own = await localHistory.ordersOn(waybillCode);
      if (own.length > 0) return own;
      const source = await sharedSource(waybillCode);
      return source === undefined ? [] : local.read.orders.orders(source.gateway.shopId, source.orderNumbers);
    },
    async search(query) {
      // Filters by journal state are this desk's own; so is everything while the server is away.
      if (shared.state() !== 'connected' || (query.states !== undefined && query.states.length > 0)) return localHistory.search(query);
      try {
        const page = await shared.history.search({ ...query, shopId: query.shop, ...(query.desk === undefined ? {} : { deskId: query.desk }), limit: Math.min(query.limit ?? 100, 1000) });
        const rows = parcelsNumbered(await Promise.all(page.rows.map(lineOf)));
        const searchesThisDesk = query.desk === undefined || query.desk === shared.access.deskId;
        if (query.text === undefined || query.text === '' || (query.offset ?? 0) > 0 || !searchesThisDesk) return { rows, total: page.total, shops: page.shops };
        // A search also finds this desk's own lines the shared history does not hold: not shared yet, or a
        // waybill a look-up found issued elsewhere (its print record lost with a restored journal, say).
        const lineKey = (row: HistoryRow) => JSON.stringify([row.shopId, row.orderNumber, row.waybillCode]);
        const shown = new Set(rows.map(lineKey));
        const own = (await localHistory.search(query)).rows.filter((row) => !shown.has(lineKey(row))).map((row) => ({ ...row, desk: { deskId: shared.access.deskId, name: shared.deskName } }));
        return { rows: [...rows, ...own], total: page.total + own.length, shops: page.shops };
      } catch (error) {
        shared.noticeFailure(error);
        return localHistory.search(query);
      }
    },
  };
  const historyWriter: HistoryWriter = {
    ...local.write.history,
    async setVoid(waybillCodes, voidedAt, note) {
      // Another desk's waybill is only in the shared history: without the server it cannot be marked.
      if (shared.state() !== 'connected') for (const waybillCode of waybillCodes) if ((await localHistory.reprintSource(waybillCode)) === undefined) shared.ready();
      // This desk's marks are kept first (each "not yet uploaded"); the sync sends them if the server cannot take them now.
      const { changed } = await local.write.history.setVoid(waybillCodes, voidedAt, note);
      // Each waybill is marked under its own shop (this desk's know theirs; the shared history knows another desk's).
      const byShop = new Map<string, { gateway: GatewayIdentity; waybillCodes: string[] }>();
      for (const waybillCode of waybillCodes) {
        const gateway = (await localHistory.reprintSource(waybillCode))?.gateway ?? (await sharedSource(waybillCode))?.gateway ?? shared.gatewayIdentity();
        const group = byShop.get(gateway.shopId) ?? { gateway, waybillCodes: [] };
        group.waybillCodes.push(waybillCode);
        byShop.set(gateway.shopId, group);
      }
      try {
        shared.ready();
        // This desk's marks stay "not yet uploaded" all the same: a waybill the shared history lacks yet gets its mark from the sync.
        let sharedChanged = 0;
        for (const group of byShop.values()) sharedChanged += await shared.history.setVoid(group.gateway, group.waybillCodes, voidedAt, note);
        return { changed: Math.max(changed, sharedChanged), sharingWaits: false };
      } catch (error) {
        if (changed < new Set(waybillCodes).size) throw error;
        shared.noticeFailure(error);
        return { changed, sharingWaits: true };
      }
    },
    // The shared print data goes with the retention too; without the server the next daily purge takes it.
    async purgePrintData(cutoff) {
      const purged = await local.write.history.purgePrintData(cutoff);
      if (shared.state() !== 'connected') return purged;
      try {
        return purged + (await shared.history.purgePrintData(cutoff));
      } catch (error) {
        shared.noticeFailure(error);
        return purged;
      }
    },
  };
  return { ...local, read: { ...local.read, history }, write: { ...local.write, history: historyWriter } };
}
