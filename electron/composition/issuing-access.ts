import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import { shopDisplayName, type Settings } from '../../shared/settings/settings-schema';
import { createIssuingEngine, type IssuingEngine } from '../issuing/issuing-engine';
import type { IssuingEvent } from '../issuing/issuing-types';
import { issueSettings } from '../issuing/issue-settings';
import { startPrintDataRetention } from '../issuing/print-data-retention';
import { createStartUpPass, type StartUpPass } from '../issuing/start-up-pass';
import { createWaybillHistory, type WaybillHistory } from '../issuing/waybill-history';
import type { StationEvents } from '../ipc/station-events';
import type { StationLogger } from '../logging/station-logger';
import type { OrderCache } from '../order-cache/order-cache';
import { createSharedOrderClaims } from '../several-desks/shared-order-claims';
import type { SharedStation } from '../several-desks/shared-station';
import { gatewayIdentitiesOf } from '../settings/effective-settings';
import type { StationBackend } from '../store/station-backend';
import type { GatewayAccess } from './gateway-access';
import type { PrintAccess } from './print-access';

/** What issuing is made from. */
export interface IssuingAccessOptions {
  backend: StationBackend;
  gateway: GatewayAccess;
  orders: Pick<OrderCache, 'get'>;
  print: Pick<PrintAccess, 'queue' | 'follow'>;
  /** The settings in effect (the run's overrides over the saved ones). */
  settings: () => Settings;
  gatewayIdentity: () => GatewayIdentity;
  /** True while the settings need attention: the start-up pass waits. */
  settingsNeedAttention: () => boolean;
  /** This desk's id: the owner of the claims its runs hold in the journal. */
  deskId: string;
  /** The desk's link to the shared database (shared mode): claims beyond this desk, its name in the shared history, the Desks view's job. */
  link: SharedStation | undefined;
  claimLeaseMs: number | undefined;
  /** Where jobs and their orders are pushed to the UI. */
  events: Pick<StationEvents, 'emit'>;
  /** A job's orders changed (the orders table follows; a waybill recorded may go on to the shared history). */
  onOrdersChanged: () => void;
  logger: StationLogger;
}

/** The issuing engine, the waybill history with its retention, and the start-up pass. */
export interface IssuingAccess {
  engine: IssuingEngine;
  history: WaybillHistory;
  startUp: StartUpPass;
  /** Stops the retention (the engine and the pass close on their own). */
  stopRetention: () => void;
}

/** Creates issuing on the station's backend; the start-up pass runs at once unless the settings need attention. */
export function createIssuingAccess(options: IssuingAccessOptions): IssuingAccess {
  const { backend, gateway, print, settings, logger } = options;
  const journal = { read: backend.read.journal, write: backend.write.journal };
  const printTasks = { read: backend.read.printTasks, write: backend.write.printTasks };
  const gatewayIdentities = () => gatewayIdentitiesOf(settings());
  const { link, claimLeaseMs } = options;
  const claims = link === undefined ? undefined : createSharedOrderClaims({ station: link, journal: journal.write, logger, ...(claimLeaseMs === undefined ? {} : { leaseMs: claimLeaseMs }) });
  const engine = createIssuingEngine({
    journal,
    deskId: options.deskId,
    printTasks: printTasks.read,
    costs: backend.read.costs,
    gateway: (shopId) => gateway.client(shopId),
    gatewayIdentities,
    soldOrders: (shopId, orderNumbers) => options.orders.get(orderNumbers, shopId),
    queue: print.queue,
    logger,
    ...(claimLeaseMs === undefined ? {} : { tuning: { claimLeaseMs } }),
    ...(claims === undefined ? {} : { claims }),
    emit: (event: IssuingEvent) => {
      if (event.kind === 'job') {
        options.events.emit('jobs.changed', event.job);
        // The Desks view shows what this desk is doing, whatever the job.
        link?.followJob(event.job.id, event.job.state === 'issuing' || event.job.state === 'printing');
      } else {
        options.events.emit('jobs.orders-changed', { jobId: event.jobId, orders: event.orders });
        options.onOrdersChanged();
      }
    },
  });
  const history = createWaybillHistory({
    history: { read: backend.read.history, write: backend.write.history },
    printTasks,
    queue: print.queue,
    gateway: (shopId) => gateway.client(shopId),
    gatewayIdentities,
    shopName: (shopId) => {
      const shop = settings().gateway.shops.find((candidate) => candidate.shopId === shopId);
      return shop ? shopDisplayName(shop) : shopId;
    },
    currentPrintSettings: () => issueSettings(settings()),
    ...(link === undefined ? {} : { deskName: link.deskName }),
  });
  const stopRetention = startPrintDataRetention({ history, retentionDays: () => settings().retention.printDataRetentionDays, logger });
  const startUp = createStartUpPass({
    followPrintOutput: print.follow,
    loadWaitingLabels: () => print.queue.loadWaiting(),
    engine,
    waiting: { journal: journal.read, printTasks: printTasks.read },
    gatewayIdentity: options.gatewayIdentity,
    settingsNeedAttention: options.settingsNeedAttention,
    logger,
  });
  if (!options.settingsNeedAttention()) void startUp.run();
  return { engine, history, startUp, stopRetention };
}
