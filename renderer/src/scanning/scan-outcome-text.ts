import type { TFunction } from 'i18next';
import type { ScanOutcome } from './scan-resolution';

/** The sentence for a scan outcome, in the UI's language; `statusText` words an order status as the desk named it. */
export function outcomeText(t: TFunction, outcome: ScanOutcome, statusText: (shopId: string, status: number) => string = (_shopId, status) => String(status)): string {
  return t(`scan.outcome.${outcome.kind}`, {
    ...outcome,
    count: 'printCount' in outcome ? outcome.printCount : 0,
    shops: 'shopIds' in outcome ? outcome.shopIds.length : 0,
    ...(outcome.kind === 'held-back' ? { orderStatus: statusText(outcome.shopId, outcome.orderStatus) } : {}),
  });
}
