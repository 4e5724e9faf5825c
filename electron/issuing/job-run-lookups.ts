import { shopOrderKey, shopOrderOfKey, type ShopOrderRef } from '../../shared/domain/shop-order';
import { lookUpOnce } from './waybill-lookup';
import { advancePrinting, apply, releasePackage, type RunPackage, type RunState } from './job-run-state';

/*
 * A run's look-ups: pending orders asked about through the query endpoint as their shop, a
 * bounded number of rounds each; what stays unknown is left pending, never guessed (I3).
 */

/** Counts a round for each order still unresolved: those under the limit are answered with the keys to ask again, the others given up. */
function roundsCounted(run: RunState, shopId: string, unresolved: readonly string[]): { again: string[]; rounds: number } {
  const again: string[] = [];
  let rounds = 0;
  for (const orderNumber of unresolved) {
    const key = shopOrderKey({ shopId, orderNumber });
    rounds = (run.lookupRounds.get(key) ?? 0) + 1;
    run.lookupRounds.set(key, rounds);
    if (rounds < run.parts.tuning.lookupRounds) again.push(key);
    else run.givenUp.add(key);
  }
  return { again, rounds };
}

/** Looks up orders of one shop, asking as that shop. */
export async function runLookUp(run: RunState, shopId: string, orderKeys: string[]): Promise<void> {
  const { parts } = run;
  const orderNumbers = orderKeys.map((key) => (shopOrderOfKey(key) as ShopOrderRef).orderNumber);
  const round = await lookUpOnce({ ...parts, client: parts.clientOf(shopId) }, run.jobId, shopId, orderNumbers);
  apply(run, round.statuses);
  const { again, rounds } = roundsCounted(run, shopId, round.unresolved);
  const retrying = new Set(again);
  for (const key of orderKeys) if (!retrying.has(key)) releasePackage(run, run.packageOf.get(key) as RunPackage);
  if (again.length > 0) {
    // Asked again after a backoff that doubles with the rounds; their packages stay held meanwhile.
    run.timers += 1;
    setTimeout(() => {
      run.timers -= 1;
      run.toLookUp.push(...again);
      run.wake();
    }, parts.tuning.retryDelayMs * 2 ** (rounds - 1)).unref();
  }
  advancePrinting(run, false);
}
