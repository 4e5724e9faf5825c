/**
 * What the station asks the issue endpoint for, in its own terms. The gateway client turns it
 * into the request body of spec 4.3; the validator checks it against the limits table first.
 * Optional texts are '' when absent (the client then leaves the field out).
 */

/** An address as the issue call takes it. */
export interface PartyAddress {
  province: string;
  city: string;
  district: string;
  town: string;
  detail: string;
}

/** Sender or recipient: a name, at least one of mobile and phone, an address. */
export interface Party {
  name: string;
  mobile: string;
  /** Landline. */
  phone: string;
  address: PartyAddress;
}

/** The recipient, plus the platform ids through which the platform decrypts masked data. */
export interface Recipient extends Party {
  oaid: string;
  /** The real platform order id (order-privacy decryption). */
  tid: string;
  caid: string;
}

/** One kind of goods in the package. */
export interface IssueItem {
  name: string;
  count: number;
  /** package_info.items[].weight in grams; absent when not set. */
  weightG?: number;
  /** package_info.items[].volume in millilitres; absent when not set. */
  volumeMl?: number;
}

/** One waybill to issue: one package holding one or more orders. */
export interface IssueEntry {
  /** Unique within a request; the (first) order number by convention. */
  objectId: string;
  /** order_channels_type (see order-channels). */
  orderChannel: string;
  /** trade_order_list: the platform's real order numbers. */
  orderNumbers: string[];
  /** package_info.id for split/merged packages; '' for none. */
  packageId: string;
  items: IssueItem[];
  recipient: Recipient;
  /** The carrier's standard cloud-print template URL. */
  templateUrl: string;
  /** logistics_services as JSON text; '' for none. */
  logisticsServices: string;
}

/** One issue call: the carrier, the sender (an address from the branch info), up to 10 entries. */
export interface IssueRequest {
  /** cp_code. */
  carrierCode: string;
  /** shipping_branch_code: the branch the sender address belongs to; '' lets the gateway choose by address. */
  branchCode: string;
  sender: Party;
  /** need_encrypt: ask for encrypted print data (what the print component decrypts; keeps receiver data out of the app). */
  needEncrypt: boolean;
  /** customer_code: the monthly-settlement card number (月结卡号) at this carrier and branch; '' or absent for none. */
  customerCode?: string;
  /** brand_code; '' or absent for none. */
  brandCode?: string;
  /** multi_packages_shipment: the call carries several parcels of one order (each its own entry and package id). */
  multiPackagesShipment?: boolean;
  /** call_door_pick_up with its window (door_pick_up_time, door_pick_up_end_time, `yyyy-MM-dd HH:mm:ss`); null or absent for none. */
  doorPickUp?: DoorPickUp | null;
  entries: IssueEntry[];
}

/** A pickup booking: the carrier comes to the sender between these China wall-clock times. */
export interface DoorPickUp {
  /** door_pick_up_time, `yyyy-MM-dd HH:mm:ss`. */
  start: string;
  /** door_pick_up_end_time, same format. */
  end: string;
}
