import type { SoldOrder } from './sold-order';
import type { StationError } from '../errors/station-error';
import type { ElsewhereMark } from './desks';

/** What this station did about an order's waybill (null: nothing yet; 'invalid': its last job could not send it). */
export type OrderWaybillState = 'issuing' | 'issued' | 'issued-elsewhere' | 'failed' | 'invalid';

/** Where the order's label stands. */
export type OrderPrintState = 'not-printed' | 'queued' | 'printing' | 'printed' | 'failed' | 'unknown';

/** The station's own facts about an order, from the journal. */
export interface OrderStationState {
  waybill: OrderWaybillState | null;
  waybillCode: string | null;
  carrierCode: string | null;
  print: OrderPrintState;
  printCount: number;
  /** Marked void locally (the gateway has no cancel endpoint: the waybill itself stays issued). */
  voided: boolean;
  /**
   * Why it has no waybill: the error its issue failed with ('failed'), or the first problem that
   * kept it from being sent in its last job ('invalid'); null otherwise.
   */
  problem: StationError | null;
}

/** One row of the orders table: the cached sold order and what the station did with it. */
export interface OrderRow {
  order: SoldOrder;
  station: OrderStationState;
  /**
   * Orders of the same buyer to the same full address share this key (they may go as one
   * package); null for an order with no such partner.
   */
  mergeKey: string | null;
  /** Held or issued at another desk of the shared mode (never planned here); null otherwise and while the mode is off. */
  elsewhere: ElsewhereMark | null;
}

/** The orders the desk works from, as cached. */
export interface OrderListing {
  rows: OrderRow[];
  /** When the cache was last refreshed from the gateway (epoch ms), null before the first fetch. */
  fetchedAt: number | null;
}

/** What a refresh will cost before it starts: a full fetch of 10,000 orders is 100 charged calls. */
export interface OrderRefreshEstimate {
  /** `changed` fetches only orders confirmed since the last refresh (needs the time filter, vvtype 1). */
  mode: 'changed' | 'full';
  /** Why a full fetch: nothing cached yet, or the edition has no time filter. */
  fullBecause: 'first-fetch' | 'no-time-filter' | null;
  /** Calls and points of a full fetch (one call per page of 100, one point each when the gateway charges so). */
  fullCalls: number;
  fullPoints: number;
  /** Orders the gateway holds, when known. */
  knownTotal: number | null;
}

/** Progress of a running refresh. */
export interface OrderRefreshProgress {
  pagesDone: number;
  pagesPlanned: number;
  ordersReceived: number;
  totalElements: number | null;
}

/** What a refresh brought. */
export interface OrderRefreshOutcome {
  mode: 'changed' | 'full';
  received: number;
  total: number;
  points: number;
}

/** The state an order has before the station touched it. */
export const untouchedOrderState: OrderStationState = {
  waybill: null,
  waybillCode: null,
  carrierCode: null,
  print: 'not-printed',
  printCount: 0,
  voided: false,
  problem: null,
};
