/**
 * A sold order as the station uses it, decoded from the gateway's sold-order record (spec 2.7)
 * whatever variant of it came back. Receiver data stays masked or encrypted as the platform sent
 * it; the platform decrypts it through the order number (tid/oaid) at issue time.
 */
export interface SoldOrder {
  /** order_sn: the platform's order number. */
  orderNumber: string;
  receiverName: string;
  receiverPhone: string;
  province: string;
  city: string;
  /** The sold-order record's `town`, which is the district (spec 2.7). */
  district: string;
  /** `address` or `receiver_address`. */
  addressDetail: string;
  goodsName: string;
  /** `goods_spec`: the item description (sample only); '' when absent. */
  goodsSpec: string;
  goodsImageUrl: string;
  /** null when the gateway sent no readable quantity. */
  goodsCount: number | null;
  /** pay_amount in fen (yuan × 100), null when unreadable. */
  payAmountFen: number | null;
  /** order_status as the gateway numbers it (meanings not documented). */
  orderStatus: number | null;
  isPreSale: boolean;
  /** Epoch ms. */
  lastShipAt: number | null;
  /** Epoch ms. */
  confirmedAt: number | null;
  remark: string;
  /** remark_tag: seller flag 1–5 (see seller-flags), null when none. */
  flag: number | null;
  flagName: string | null;
}

/** One page of sold orders as decoded. */
export interface SoldOrderPage {
  orders: SoldOrder[];
  /** The page number asked for (0 is the first). */
  page: number;
  pageSize: number;
  /**
   * totalElements / total_elements: how many orders all pages hold, as sent (it may be absurd —
   * fractional, negative, NaN for text, Infinity; the full fetch refuses those); null if the gateway did not say.
   */
  totalElements: number | null;
  /** Entries dropped because they had no order number. */
  skippedEntries: number;
  /** Points the call cost. */
  points: number;
}

/** Server-side sold-order filters (only honoured with the sold-orders vvtype 1). */
export interface SoldOrderFilters {
  /** Epoch ms; sent as China wall-clock time. */
  startAt?: number;
  endAt?: number;
  remark?: string;
  /** Seller flag 1–5. */
  flag?: number;
  flagName?: string;
}
