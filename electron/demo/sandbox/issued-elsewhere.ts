import type { PrintParty } from '../sandbox-print-crypto';
import { DEMO_SENDER, STANDARD_TEMPLATES, carrierAccount, standardTemplateUrl } from './demo-network';
import type { SandboxState, WaybillRequest } from './sandbox-state';
import type { IssuedElsewhereOptions } from './sandbox-types';
import type { IssuedWaybill } from './state-file';

/**
 * Issues waybills straight into the state, as another desk or program sharing the account would:
 * the branch balance moves, and the query endpoint finds the waybills, but this station never
 * saw the issue call. Orders of the shop (default the first) keep their receivers; other order
 * numbers get a placeholder receiver.
 */
export function issueElsewhere(state: SandboxState, orderNumbers: readonly string[], options: IssuedElsewhereOptions, at: number): IssuedWaybill[] {
  const shopId = options.shopId ?? state.shops[0]?.shopId ?? '';
  if (!state.shop(shopId)) throw new Error(`shop ${shopId} is not one of the account's`);
  const cpCode = options.cpCode ?? 'YTO';
  const account = carrierAccount(cpCode);
  if (!account) throw new Error(`carrier ${cpCode} has no account in the sandbox`);
  const branch = options.branchCode === undefined ? account.branches[0] : account.branches.find((candidate) => candidate.code === options.branchCode);
  if (!branch) throw new Error(`carrier ${cpCode} has no branch ${options.branchCode ?? ''}`);
  const template = STANDARD_TEMPLATES.find((candidate) => candidate.cpCode === cpCode);
  if (!template) throw new Error(`carrier ${cpCode} has no standard template`);
  const issued = orderNumbers.filter((orderNumber) => state.issuedFor(shopId, orderNumber));
  if (issued.length > 0) throw new Error(`already issued: ${issued.join(',')}`);

  const recipientFor = (orderNumber: string): PrintParty => {
    const order = state.order(shopId, orderNumber);
    if (!order) return { name: '王**', mobile: '138****0000', phone: '', address: { province: '浙江省', city: '杭州市', district: '西湖区', town: '', detail: '文三路*号' } };
    return {
      name: order.receiverName,
      mobile: order.receiverPhone,
      phone: '',
      address: { province: order.province, city: order.city, district: order.district, town: '', detail: order.address },
    };
  };
  const groups = options.onePackage === false ? orderNumbers.map((orderNumber) => [orderNumber]) : [[...orderNumbers]];
  const entries: WaybillRequest[] = groups.map((group) => ({
    objectId: group[0] ?? '',
    orderNumbers: group,
    recipient: recipientFor(group[0] ?? ''),
    services: {},
    templateUrl: standardTemplateUrl(template),
  }));
  const { quantity } = state.counters(branch.code);
  if (quantity < entries.length) throw new Error(`branch ${branch.code} has ${quantity} waybills left`);
  const address = branch.addresses[0];
  if (!address) throw new Error(`branch ${branch.code} has no sender address`);
  const sender: PrintParty = { ...DEMO_SENDER, address: { province: address.province, city: address.city, district: address.district, town: '', detail: address.detail } };
  return state.allocate({ shopId, cpCode, branch, sender, entries, source: 'elsewhere', at });
}
