import type { JobEnding, OrderStatus } from '../../shared/domain/issuing';
import type { ShopOrderRef } from '../../shared/domain/shop-order';
import type { StationError } from '../../shared/errors/station-error';
import type { GatewayClient } from '../gateway/gateway-client';
import type { Result } from '../../shared/result';
import type { OwnedOrder } from '../store/station-records';
import type { LookupParts } from './waybill-lookup';

/*
 * The words a job run is spoken to in: what it is given and what it answers. They live apart from
 * the run's steps so that each step's file can name them without importing the run itself.
 */

/** How hard a run pushes and how long it keeps trying. */
export interface RunTuning {
  /** Issue and query calls in flight at once (the account limiter spaces them; this bounds the orders a crash leaves pending). */
  callsInFlight: number;
  /** Look-ups of one order whose outcome stays unknown before the run leaves it pending (the next retry or start-up asks again). */
  lookupRounds: number;
  /** Delay before a look-up or a rate-limited call is tried again; doubles with each round. */
  retryDelayMs: number;
  /** Issue calls one package may be carried by in one run before its orders are set aside as failed: every loop has an end. */
  issueCallsPerPackage: number;
  /** A job's labels in the print queue without an outcome yet, at most (see label-printing.ts). */
  labelsAhead: number;
  /** How long a run's claim on its orders holds without being renewed (it is renewed every third of it while the run lives). */
  claimLeaseMs: number;
}

/** Defaults: 8 calls in flight keep 10 calls/s busy up to about 700 ms of gateway latency. */
export const runTuningDefaults: RunTuning = { callsInFlight: 8, lookupRounds: 5, retryDelayMs: 500, issueCallsPerPackage: 8, labelsAhead: 20, claimLeaseMs: 60_000 };

/** What a run needs. */
export interface RunParts extends Omit<LookupParts, 'client'> {
  /** The client of each shop of the job: every call carries one shop's orders, with that shop's ids. */
  clientOf: (shopId: string) => GatewayClient;
  /** Releases the labels of settled orders (their shop order keys) for printing, in the user's order. */
  releaseLabels: (orderKeys: string[]) => void;
  /** Told after each committed step, with the orders it changed. */
  onStep: (statuses: OrderStatus[]) => void;
  /** Claims the job's orders after those the run began with (see claimTheRest; null when there are none); an error stops the run. */
  claimRest: (() => Promise<Result<readonly OwnedOrder[]>>) | null;
  tuning: RunTuning;
}

/** How a run ended. */
export interface RunResult {
  ending: JobEnding;
  /** Why it stopped (stop-the-job remedy, a configuration error, …), or null. */
  error: StationError | null;
  /** Orders still pending: their outcome could not be learned. */
  unresolved: ShopOrderRef[];
}

/** A running job. */
export interface JobRun {
  /** Stops issuing between calls: calls waiting for a slot are not sent; calls sent are answered and recorded. */
  cancel(): void;
  readonly finished: Promise<RunResult>;
}
