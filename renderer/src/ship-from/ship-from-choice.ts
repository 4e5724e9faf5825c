import type { CarrierBranch, CarrierNetwork, NetworkInfo, SenderAddress as NetworkSenderAddress } from '../../../shared/domain/network';
import type { SenderAddress, SettingsPatch, ShipFromSettings } from '../../../shared/settings/settings-schema';

/**
 * Where parcels ship from: carrier → branch → sender address, chosen from the network info and
 * remembered in the settings. Pure: the panel renders what these functions answer.
 */

/** The stored choice matched against the network info as it is now. */
export interface ShipFromChoice {
  carrier: CarrierNetwork | null;
  branch: CarrierBranch | null;
  /** Index of the stored sender address among the branch's addresses. */
  addressIndex: number | null;
  /** The first stored part the network no longer offers (a branch closed, an address removed). */
  missing: 'carrier' | 'branch' | 'address' | null;
}

/** A network sender address as the settings keep it (empty parts as null). */
export function senderAddressSetting(address: NetworkSenderAddress): SenderAddress {
  const orNull = (text: string) => (text === '' ? null : text);
  return { province: address.province, city: orNull(address.city), district: orNull(address.district), town: orNull(address.town), detail: address.detail };
}

/** Whether a stored sender address is this network address. */
function sameAddress(stored: SenderAddress, address: NetworkSenderAddress): boolean {
  const setting = senderAddressSetting(address);
  return (['province', 'city', 'district', 'town', 'detail'] as const).every((part) => stored[part] === setting[part]);
}

/** The stored ship-from choice, looked up in the network info. */
export function matchShipFrom(network: NetworkInfo, stored: ShipFromSettings): ShipFromChoice {
  const none: ShipFromChoice = { carrier: null, branch: null, addressIndex: null, missing: null };
  if (stored.carrierCode === null) return none;
  const carrier = network.carriers.find((candidate) => candidate.carrierCode === stored.carrierCode) ?? null;
  if (!carrier) return { ...none, missing: 'carrier' };
  if (stored.branchCode === null) return { ...none, carrier };
  const branch = carrier.branches.find((candidate) => candidate.branchCode === stored.branchCode) ?? null;
  if (!branch) return { ...none, carrier, missing: 'branch' };
  const address = stored.senderAddress;
  if (address === null) return { ...none, carrier, branch };
  const addressIndex = branch.senderAddresses.findIndex((candidate) => sameAddress(address, candidate));
  return addressIndex < 0 ? { carrier, branch, addressIndex: null, missing: 'address' } : { carrier, branch, addressIndex, missing: null };
}

/** Choosing a branch (and so its first sender address). */
function branchPatch(carrierCode: string, branch: CarrierBranch | undefined): NonNullable<SettingsPatch['shipFrom']> {
  const address = branch?.senderAddresses[0];
  return { carrierCode, branchCode: branch?.branchCode ?? null, senderAddress: address ? senderAddressSetting(address) : null };
}

/** The settings change for choosing a carrier: its first branch and that branch's first address come with it. */
export function chooseCarrierPatch(network: NetworkInfo, carrierCode: string): SettingsPatch {
  const carrier = network.carriers.find((candidate) => candidate.carrierCode === carrierCode);
  return { shipFrom: branchPatch(carrierCode, carrier?.branches[0]) };
}

/** The settings change for choosing a branch of the chosen carrier (its first address comes with it). */
export function chooseBranchPatch(carrier: CarrierNetwork, branchCode: string): SettingsPatch {
  return { shipFrom: branchPatch(carrier.carrierCode, carrier.branches.find((candidate) => candidate.branchCode === branchCode)) };
}

/** The settings change for choosing one of the branch's sender addresses. */
export function chooseAddressPatch(branch: CarrierBranch, addressIndex: number): SettingsPatch {
  const address = branch.senderAddresses[addressIndex];
  return { shipFrom: { senderAddress: address ? senderAddressSetting(address) : null } };
}

/** An address on one line: province, city, district, town, detail. */
export function formatAddress(address: NetworkSenderAddress | SenderAddress): string {
  return [address.province, address.city, address.district, address.town, address.detail].filter((part) => part !== null && part !== '').join(' ');
}

/** Whether the branch's balance is too low for the selected orders (issuing N orders needs N). */
export function balanceTooLow(branch: CarrierBranch, selectedOrders: number): boolean {
  return branch.quantity !== null && branch.quantity < selectedOrders;
}
