/** Branch (outlet) waybill-account information per carrier (spec 2.6), decoded. */

/** A shipping address registered at a branch; issue calls must use one of these as the sender address. */
export interface SenderAddress {
  country: string;
  province: string;
  city: string;
  district: string;
  /** Not in the spec's address record; '' unless the gateway sends it. */
  town: string;
  detail: string;
}

/** One attribute of a logistics service. */
export interface BranchServiceAttribute {
  code: string;
  name: string;
  type: string;
  typeDescription: string;
}

/** A logistics service a branch offers (its code goes into logistics_services). */
export interface BranchService {
  code: string;
  name: string;
  description: string;
  required: boolean;
  attributes: BranchServiceAttribute[];
}

/** Balances of a value-added-service account. */
export interface ValueAddedAccount {
  typeDescription: string;
  quantity: number | null;
  allocatedQuantity: number | null;
  cancelQuantity: number | null;
  recycledQuantity: number | null;
}

/** One branch of a carrier and the merchant's waybill account there. */
export interface CarrierBranch {
  branchCode: string;
  branchName: string;
  /** Remaining waybill balance: issuing N orders needs N. */
  quantity: number | null;
  allocatedQuantity: number | null;
  cancelQuantity: number | null;
  recycledQuantity: number | null;
  services: BranchService[];
  senderAddresses: SenderAddress[];
  valueAddedAccounts: ValueAddedAccount[];
}

/** A carrier the merchant has a waybill account with. */
export interface CarrierNetwork {
  /** wp_code. */
  carrierCode: string;
  /** wp_type (see carriers' business types), null when absent. */
  carrierType: number | null;
  branches: CarrierBranch[];
}

/** The decoded answer of the network-info call. */
export interface NetworkInfo {
  carriers: CarrierNetwork[];
  /** Points the call cost. */
  points: number;
}
