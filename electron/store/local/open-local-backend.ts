import { openStationDatabase } from './open-station-database';
import type { OpenStationDatabaseOptions } from './open-station-database';
import type { StationBackend } from '../station-backend';
import { createWriteTimer } from './write-timer';
import { createLocalCostLedger } from './local-cost-ledger';
import { createLocalHistory } from './local-history';
import { createLocalStatistics } from './local-statistics';
import { createLocalJournal } from './local-journal';
import { countJournalRows } from './local-journal-counts';
import { createLocalOrderCacheStore } from './local-order-cache-store';
import { createLocalPaperworkSources } from './local-paperwork-sources';
import { createLocalPrintTasks } from './local-print-tasks';
import { createLocalUploadOutbox } from './local-upload-outbox';
import { createLocalStatisticsOutbox } from './local-statistics-outbox';
import { createLocalSoldOrders } from './local-sold-orders';
import { createLocalBarcodes, createLocalDeskEvents } from './local-desk-verification';
import { createLocalAudit } from './local-audit';
import { createLocalOperators } from './local-operators';

/**
 * Opens the station database in the data folder (see openStationDatabase: WAL, synchronous=FULL,
 * checked and migrated, or refused with a StationFailure) and answers the station backend on it.
 * Its SQLite work is synchronous inside each call, so a write is committed when its promise
 * resolves; every write transaction is timed by the backend's `writes`.
 */
export async function openLocalBackend(options: OpenStationDatabaseOptions): Promise<StationBackend> {
  const db = openStationDatabase(options);
  const writes = createWriteTimer();
  const soldOrders = createLocalSoldOrders(db);
  const journal = createLocalJournal(db, writes, soldOrders);
  const costs = createLocalCostLedger(db);
  const history = createLocalHistory(db, writes);
  const orders = createLocalOrderCacheStore(db, writes, soldOrders);
  const printTasks = createLocalPrintTasks(db, writes);
  const uploadOutbox = createLocalUploadOutbox(db);
  const statisticsOutbox = createLocalStatisticsOutbox(db);
  const barcodes = createLocalBarcodes(db);
  const deskEvents = createLocalDeskEvents(db);
  const operators = createLocalOperators(db);
  const audit = createLocalAudit(db);
  return {
    read: {
      journal: journal.read,
      costs: costs.read,
      history: history.read,
      orders: orders.read,
      printTasks: printTasks.read,
      paperwork: createLocalPaperworkSources(db),
      diagnostics: { journalCounts: async () => countJournalRows(db) },
      uploadOutbox: uploadOutbox.read,
      statisticsOutbox: statisticsOutbox.read,
      barcodes: barcodes.read,
      deskEvents: deskEvents.read,
      statistics: createLocalStatistics(db),
      operators: operators.read,
      audit: audit.read,
    },
    write: {
      journal: journal.write,
      costs: costs.write,
      history: history.write,
      orders: orders.write,
      printTasks: printTasks.write,
      uploadOutbox: uploadOutbox.write,
      statisticsOutbox: statisticsOutbox.write,
      barcodes: barcodes.write,
      deskEvents: deskEvents.write,
      operators: operators.write,
      audit: audit.write,
    },
    writes,
    async close() {
      db.close();
    },
  };
}
