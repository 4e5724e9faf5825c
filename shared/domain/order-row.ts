import type { SoldOrder } from './sold-order';
import type { StationError } from '../errors/station-error';
import type { ElsewhereMark } from './desks';
import type { ShopColour } from '../settings/settings-schema';

/** What this station did about an order's waybill (null: nothing yet; 'invalid': its last job could not send it). */
export type OrderWaybillState = 'issuing' | 'issued' | 'issued-elsewhere' | 'failed' | 'invalid';

/** Where the order's label stands. */
export type OrderPrintState = 'not-printed' | 'queued' | 'printing' | 'printed' | 'failed' | 'unknown';

/** The station's own facts about an order, from the journal. */
export interface OrderStationState {
  waybill: OrderWaybillState | null;
  waybillCode: string | null;
  /** Every parcel's waybill of an order shipped in several parcels (一单多包), the first's first; empty otherwise. A scan of any of them finds the order. */
  parcelWaybills: string[];
  carrierCode: string | null;
  /** An order in several parcels: `printed` once every parcel's label came out, else the first parcel's that did not. */
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

/** One row of the orders table: the cached sold order of a shop and what the station did with it. */
export interface OrderRow {
  /** The shop of the account the order was sold in (with the order number, the order's identity). */
  shopId: string;
  order: SoldOrder;
  station: OrderStationState;
  /**
   * Orders of the same shop's buyer to the same full address share this key (they may go as one
   * package); null for an order with no such partner in its shop.
   */
  mergeKey: string | null;
  /** Held or issued at another desk of the shared mode (never planned here); null otherwise and while the mode is off. */
  elsewhere: ElsewhereMark | null;
}

/** The cached orders of one shop. */
export interface ShopOrderListing {
  rows: OrderRow[];
  /** When the shop's cache was last refreshed from the gateway (epoch ms), null before its first fetch. */
  fetchedAt: number | null;
}

/** A shop of the account as the orders table shows and offers it. */
export interface OrderListingShop {
  shopId: string;
  /** The name the desk shows (the seller nick when the settings give none). */
  name: string;
  sellerNick: string;
  colour: ShopColour;
  /** Whether the listing holds the shop's rows (it was asked). */
  listed: boolean;
  /** When the shop's cache was last refreshed from the gateway (epoch ms), null before its first fetch. */
  fetchedAt: number | null;
}

/** The orders the desk works from, as cached, of the shops the table loads. */
export interface OrderListing {
  /** The rows of every shop listed, newest confirmation first. */
  rows: OrderRow[];
  /** Every shop of the account, in the settings' order: the ones listed and the others the table may load. */
  shops: OrderListingShop[];
}

/** What a refresh of one shop will cost before it starts: a full fetch of 10,000 orders is 100 charged calls. */
export interface ShopRefreshEstimate {
  shopId: string;
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

/** What refreshing the shops asked will cost, shop by shop (they are refreshed one after the other). */
export interface OrderRefreshEstimate {
  shops: ShopRefreshEstimate[];
  /** Calls and points of a full fetch of every shop asked. */
  fullCalls: number;
  fullPoints: number;
}

/** Progress of a running refresh: the shop being fetched and its pages. */
export interface OrderRefreshProgress {
  shopId: string;
  /** Shops finished before this one, and shops asked. */
  shopsDone: number;
  shopsPlanned: number;
  pagesDone: number;
  pagesPlanned: number;
  ordersReceived: number;
  totalElements: number | null;
}

/** What the refresh of one shop brought. */
export interface ShopRefreshOutcome {
  shopId: string;
  mode: 'changed' | 'full';
  received: number;
  /** Orders of the shop cached now. */
  total: number;
  points: number;
}

/** What a refresh of several shops brought: what each shop that went through brought, and the shops that failed (their error). */
export interface OrderRefreshOutcome {
  shops: ShopRefreshOutcome[];
  failed: Array<{ shopId: string; error: StationError }>;
}

/** The state an order has before the station touched it. */
export const untouchedOrderState: OrderStationState = {
  waybill: null,
  waybillCode: null,
  parcelWaybills: [],
  carrierCode: null,
  print: 'not-printed',
  printCount: 0,
  voided: false,
  problem: null,
};
