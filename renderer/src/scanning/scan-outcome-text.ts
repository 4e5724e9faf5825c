import type { TFunction } from 'i18next';
import type { ScanOutcome } from './scan-resolution';

/** The sentence for a scan outcome, in the UI's language. */
export function outcomeText(t: TFunction, outcome: ScanOutcome): string {
  return t(`scan.outcome.${outcome.kind}`, { ...outcome, count: 'printCount' in outcome ? outcome.printCount : 0, shops: 'shopIds' in outcome ? outcome.shopIds.length : 0 });
}
