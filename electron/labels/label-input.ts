/**
 * What a label is drawn from: the plain print data the gateway returned (print_data's `data`
 * object when need_encrypt is false) plus the order details the app knows, the carrier and the
 * print time. Field values are shown exactly as received: masked values stay masked.
 */

/** An address as print_data carries it; any part may be missing, masked or `AES:`-encrypted. */
export interface WaybillAddress {
  province?: string;
  city?: string;
  district?: string;
  town?: string;
  detail?: string;
}

/** The recipient or the sender inside print_data's `data`. */
export interface WaybillParty {
  address?: WaybillAddress;
  name?: string;
  mobile?: string;
  phone?: string;
}

/** Sorting information the carrier assigned to the waybill. */
export interface WaybillRoutingInfo {
  /** The routing code (三段码), printed large for the sorting lines. */
  routeCode?: string;
  origin?: { code?: string; name?: string };
  /** The sorting destination (大头笔). */
  sortation?: { name?: string };
  /** The consolidation hub (集包地). */
  consolidation?: { code?: string; name?: string };
}

/** print_data's plain `data` object. */
export interface PlainWaybillData {
  recipient: WaybillParty;
  sender: WaybillParty;
  routingInfo?: WaybillRoutingInfo;
  shippingOption?: { code?: string; title?: string };
  waybillCode: string;
}

/** One line of goods in the package. */
export interface LabelItem {
  name: string;
  count: number;
}

/** The order details printed in the label's goods area. */
export interface LabelOrderDetails {
  /** Order numbers of the package (several when orders were merged into one package). */
  orderNumbers: readonly string[];
  items: readonly LabelItem[];
  /** The buyer's note; empty or missing when there is none. */
  remark?: string;
  /** The seller's flag and note (`[红旗] 加急`); empty or missing when there is none. */
  sellerNote?: string;
  /** The pieces in the package, printed as a line of its own when given. */
  totalCount?: number;
}

/** Everything one label shows. */
export interface LabelInput {
  data: PlainWaybillData;
  order: LabelOrderDetails;
  /** Carrier code (`cp_code`, e.g. ZTO); its Chinese name is printed. */
  carrierCode: string;
  /** When the label is printed, as a millisecond epoch; shown in China time. */
  printedAt: number;
}

/** The thermal label sizes the renderer lays out: width × height in millimetres. */
export type LabelSize = '76x130' | '100x180';

/** Width and height of each label size in millimetres. */
export const LABEL_SIZES_MM: Readonly<Record<LabelSize, { width: number; height: number }>> = {
  '76x130': { width: 76, height: 130 },
  '100x180': { width: 100, height: 180 },
};

/** PDF points per millimetre (72 points per inch, 25.4 mm per inch). */
export const POINTS_PER_MM = 72 / 25.4;
