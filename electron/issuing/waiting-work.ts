import { amongGateways, type GatewayIdentity, type WaitingForGateway } from '../../shared/domain/gateway-identity';
import type { JournalReader, PrintTaskReader } from '../store/station-backend';

/** Where the work waiting for other gateways is asked about: the journal's orders and labels, the print queue's documents. */
export interface WaitingWorkSources {
  journal: Pick<JournalReader, 'ordersWaitingByGateway' | 'labelsOfUnfinishedJobs'>;
  printTasks: Pick<PrintTaskReader, 'handedOver' | 'openDocumentsByGateway'>;
}

/**
 * What waits for a gateway and shop other than those of `current` (an unknown one included): pending orders and
 * orders of unfinished jobs left to issue, and labels not printed yet — those in the print queue
 * and those of unfinished jobs never handed to it — grouped by gateway and shop.
 */
export async function waitingForOtherGateways(sources: WaitingWorkSources, current: readonly GatewayIdentity[]): Promise<WaitingForGateway[]> {
  const [orders, documents, recorded] = await Promise.all([
    sources.journal.ordersWaitingByGateway(),
    sources.printTasks.openDocumentsByGateway(),
    sources.journal.labelsOfUnfinishedJobs(),
  ]);
  const handedOver = await sources.printTasks.handedOver(recorded.map((label) => label.waybillCode));
  const waiting = new Map<string, WaitingForGateway>();
  const add = (gateway: GatewayIdentity, count: { orders?: number; labels?: number }): void => {
    if (amongGateways(gateway, current)) return;
    const key = JSON.stringify([gateway.baseUrl, gateway.shopId]);
    const found = waiting.get(key) ?? { gateway, orders: 0, labels: 0 };
    found.orders += count.orders ?? 0;
    found.labels += count.labels ?? 0;
    waiting.set(key, found);
  };
  for (const row of orders) add(row.gateway, { orders: row.count });
  for (const row of documents) add(row.gateway, { labels: row.count });
  for (const label of recorded) if (!handedOver.has(label.waybillCode)) add(label.gateway, { labels: 1 });
  return [...waiting.values()].filter((found) => found.orders > 0 || found.labels > 0);
}
