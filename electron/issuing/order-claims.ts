import type { GatewayIdentity } from '../../shared/domain/gateway-identity';
import type { ShopOrderRef } from '../../shared/domain/shop-order';
import type { StationError } from '../../shared/errors/station-error';
import type { GatewayClient } from '../gateway/gateway-client';
import type { JobRecord, OwnedOrder } from '../store/station-records';

/**
 * Claims of orders beyond this desk's own journal (the shared mode: several desks, one account).
 * The engine asks before it plans and before a run sends anything; a station without it (a
 * single desk) claims in its journal alone. Every method rejects with a StationFailure
 * (`shared-mode.unreachable` when the server is away): then no claim can be made, and nothing is sent.
 */
export interface OrderClaims {
  /** The orders of the shop (`gateway`) among these another desk holds or issued, each with why: a plan leaves them out. */
  elsewhere(gateway: GatewayIdentity, orderNumbers: readonly string[]): Promise<Map<string, StationError>>;
  /**
   * Claims the job's open orders (planned or pending, already taken in this desk's journal) for
   * this desk before any is sent, each under its own shop; an order another desk's claim lapsed
   * on is taken only after the query endpoint was asked about it (through its shop's client from
   * `clientOf`, recorded in the journal). Answers the orders refused (by shop order key), each
   * with why. The claims stay alive (their lease renewed) until `release`.
   */
  claim(job: JobRecord, owned: readonly OwnedOrder[], clientOf: (shopId: string) => GatewayClient): Promise<Map<string, StationError>>;
  /** The job's run ended: stops renewing its claims and frees those of these orders (never issued). */
  release(job: JobRecord, orders: readonly ShopOrderRef[]): Promise<void>;
}
