import { gatewayCallCostsMigration } from './migrations/001-gateway-call-costs';
import { issuingJournalMigration } from './migrations/002-issuing-journal';
import { printDocumentsMigration } from './migrations/003-print-documents';
import { orderCacheMigration } from './migrations/004-order-cache';
import { printHoldMigration } from './migrations/005-print-hold-for-the-label-preview';
import { printDocumentOutputMigration } from './migrations/006-print-documents-keep-their-output-and-automatic-sends';
import { gatewayOfEveryRowMigration } from './migrations/007-gateway-and-shop-of-every-job-journal-row-and-print-task';
import { claimLeaseMigration } from './migrations/008-claims-with-an-owner-and-a-lease';
import { waybillsNotYetSharedMigration } from './migrations/009-waybills-not-yet-shared';
import { printDataOnceMigration } from './migrations/010-print-documents-refer-to-the-print-data-of-their-waybill';
import { soldOrdersOnceMigration } from './migrations/011-sold-orders-stored-once';
import { voidMarksNotYetSharedMigration } from './migrations/012-void-marks-not-yet-shared';
import { journalOrdersByShopMigration } from './migrations/013-journal-orders-keyed-by-shop-and-order-number';
import { jobMembersRecordTheirShopMigration } from './migrations/014-job-members-attempts-charged-calls-and-waybills-record-their-shop';
import { orderParcelsMigration } from './migrations/015-waybills-of-an-order-shipped-in-several-parcels';
import { labelPrintsNotYetSharedMigration } from './migrations/016-label-prints-not-yet-shared';
import { waybillsSetAsideMigration } from './migrations/017-waybills-the-shared-history-refused';
import { learnedBarcodesMigration } from './migrations/018-learned-barcodes-and-desk-events';
import { statisticsRollupMigration } from './migrations/019-statistics-rollup-per-hour';
import { operatorsAndAuditMigration } from './migrations/020-operators-and-the-audit-log';
import { heldBackDeskEventAndOperatorStatisticsMigration } from './migrations/021-statistics-of-held-back-orders-desk-events-and-operators';
import type { StationMigration } from './station-migration';

/** The station database's migrations, in order. A new one gets the next numbered file and is appended here. */
export const localMigrations: readonly StationMigration[] = [
  gatewayCallCostsMigration,
  issuingJournalMigration,
  printDocumentsMigration,
  orderCacheMigration,
  printHoldMigration,
  printDocumentOutputMigration,
  gatewayOfEveryRowMigration,
  claimLeaseMigration,
  waybillsNotYetSharedMigration,
  printDataOnceMigration,
  soldOrdersOnceMigration,
  voidMarksNotYetSharedMigration,
  journalOrdersByShopMigration,
  jobMembersRecordTheirShopMigration,
  orderParcelsMigration,
  labelPrintsNotYetSharedMigration,
  waybillsSetAsideMigration,
  learnedBarcodesMigration,
  statisticsRollupMigration,
  operatorsAndAuditMigration,
  heldBackDeskEventAndOperatorStatisticsMigration,
];
