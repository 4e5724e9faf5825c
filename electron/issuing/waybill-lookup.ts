import { setTimeout as delay } from 'node:timers/promises';
import { ISSUE_LIMITS } from '../../shared/gateway/issue-limits';
import type { GatewayClient } from '../gateway/gateway-client';
import type { StationLogger } from '../logging/station-logger';
import type { OrderStatus } from '../../shared/domain/issuing';
import type { JournalWriter } from '../store/station-backend';

/** What one look-up through the query endpoint settled. */
export interface LookupRound {
  /** Journal states of the orders asked about, after the answer was recorded. */
  statuses: OrderStatus[];
  /** Orders the answer said nothing certain about (query failed, entry failed or missing): ask again. */
  unresolved: string[];
}

/** The parts a look-up uses. */
export interface LookupParts {
  /** The client of the shop whose orders are looked up (a query call asks as one shop). */
  client: GatewayClient;
  /** The journal's changes: each answer is recorded before the look-up goes on. */
  journal: JournalWriter;
  logger: StationLogger;
  now: () => number;
}

/**
 * Asks the query endpoint about up to 20 orders of one shop (as that shop) and records the answer in one transaction:
 * waybills found become recovered or issued-elsewhere (the journal decides from the order's
 * pending record), pending orders the gateway says have none are planned again. Nothing it
 * cannot read is taken for "no waybill".
 */
export async function lookUpOnce(parts: LookupParts, jobId: string, shopId: string, orderNumbers: readonly string[]): Promise<LookupRound> {
  const result = await parts.client.queryIssuedWaybills(orderNumbers, { priority: 'interactive', jobId });
  if (!result.ok) {
    await parts.journal.recordFailedQuery(jobId, shopId, orderNumbers, result.error, parts.now());
    parts.logger.warn('issuing.lookup-failed', { jobId, orders: orderNumbers.length, error: result.error.code });
    return { statuses: [], unresolved: [...orderNumbers] };
  }
  const statuses = await parts.journal.recordQuery(jobId, shopId, result.data.outcomes, parts.now());
  const byOrder = new Map(statuses.map((status) => [status.orderNumber, status]));
  for (const outcome of result.data.outcomes) {
    const ours = byOrder.get(outcome.orderNumber)?.waybillCode;
    if (outcome.status === 'found' && ours && ours !== outcome.waybill.waybillCode) {
      // The journal never replaces a waybill: a second number for one order needs a person.
      parts.logger.error('issuing.waybill-conflict', { shopId, orderNumber: outcome.orderNumber, journal: ours, gateway: outcome.waybill.waybillCode });
    }
  }
  const unresolved = result.data.outcomes.filter((outcome) => outcome.status === 'unknown').map((outcome) => outcome.orderNumber);
  return { statuses, unresolved };
}

/**
 * Looks orders up in rounds of calls (20 orders each, all through the account limiter) until
 * every one is settled or `rounds` rounds have passed; answers the last state of each and the
 * orders still unresolved.
 */
export async function lookUpAll(
  parts: LookupParts,
  jobId: string,
  shopId: string,
  orderNumbers: readonly string[],
  retry: { rounds: number; delayMs: number },
): Promise<LookupRound> {
  const statuses = new Map<string, OrderStatus>();
  let left = [...orderNumbers];
  for (let round = 0; round < retry.rounds && left.length > 0; round += 1) {
    if (round > 0) await delay(retry.delayMs * 2 ** (round - 1));
    const calls = Array.from({ length: Math.ceil(left.length / ISSUE_LIMITS.entriesPerQueryCall) }, (_, index) =>
      lookUpOnce(parts, jobId, shopId, left.slice(index * ISSUE_LIMITS.entriesPerQueryCall, (index + 1) * ISSUE_LIMITS.entriesPerQueryCall)),
    );
    const answers = await Promise.all(calls);
    for (const status of answers.flatMap((answer) => answer.statuses)) statuses.set(status.orderNumber, status);
    left = answers.flatMap((answer) => answer.unresolved);
  }
  return { statuses: [...statuses.values()], unresolved: left };
}
