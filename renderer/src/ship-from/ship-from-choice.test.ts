import { describe, expect, it } from 'vitest';
import type { CarrierBranch, NetworkInfo } from '../../../shared/domain/network';
import { defaultSettings, mergeSettingsPatch, settingsSchema, type Settings } from '../../../shared/settings/settings-schema';
import { balanceTooLow, chooseAddressPatch, chooseBranchPatch, chooseCarrierPatch, formatAddress, matchShipFrom, senderAddressSetting } from './ship-from-choice';

const warehouse = { country: '中国', province: '浙江省', city: '杭州市', district: '余杭区', town: '', detail: '仓前街道文一西路1500号' };
const office = { country: '中国', province: '浙江省', city: '杭州市', district: '滨江区', town: '', detail: '江南大道588号' };
const branch = (branchCode: string, quantity: number | null, senderAddresses = [warehouse]): CarrierBranch => ({
  branchCode,
  branchName: `网点${branchCode}`,
  quantity,
  allocatedQuantity: 10,
  cancelQuantity: 0,
  recycledQuantity: 0,
  services: [],
  senderAddresses,
  valueAddedAccounts: [],
});
const network: NetworkInfo = {
  carriers: [
    { carrierCode: 'YTO', carrierType: 2, branches: [branch('571001', 5000, [warehouse, office]), branch('571058', 3)] },
    { carrierCode: 'SF', carrierType: 1, branches: [branch('571FG', null)] },
  ],
  points: 1,
};

/** Settings after applying patches as main does (validated by the real schema). */
function apply(...patches: unknown[]): Settings {
  return patches.reduce<Settings>((settings, patch) => settingsSchema.parse(mergeSettingsPatch(settings, patch)), defaultSettings());
}

describe('ship-from choice', () => {
  it('starts with nothing chosen', () => {
    expect(matchShipFrom(network, defaultSettings().shipFrom)).toEqual({ carrier: null, branch: null, addressIndex: null, missing: null });
  });

  it('takes the first branch and address with the carrier, each valid settings', () => {
    const settings = apply(chooseCarrierPatch(network, 'YTO'));
    const choice = matchShipFrom(network, settings.shipFrom);
    expect(choice.carrier?.carrierCode).toBe('YTO');
    expect(choice.branch?.branchCode).toBe('571001');
    expect(choice.addressIndex).toBe(0);
    expect(settings.shipFrom.senderAddress).toEqual({ province: '浙江省', city: '杭州市', district: '余杭区', town: null, detail: '仓前街道文一西路1500号' });
  });

  it('changes branch and address', () => {
    const yto = network.carriers[0];
    if (!yto) throw new Error('no YTO in the test network');
    const withBranch = apply(chooseCarrierPatch(network, 'YTO'), chooseBranchPatch(yto, '571058'));
    expect(matchShipFrom(network, withBranch.shipFrom).branch?.branchCode).toBe('571058');
    const first = yto.branches[0] as CarrierBranch;
    const withAddress = apply(chooseCarrierPatch(network, 'YTO'), chooseAddressPatch(first, 1));
    expect(matchShipFrom(network, withAddress.shipFrom).addressIndex).toBe(1);
  });

  it('says which stored part the network no longer offers', () => {
    const stored = apply(chooseCarrierPatch(network, 'YTO')).shipFrom;
    expect(matchShipFrom({ carriers: [], points: 0 }, stored).missing).toBe('carrier');
    expect(matchShipFrom({ carriers: [{ carrierCode: 'YTO', carrierType: 2, branches: [branch('9', 1)] }], points: 0 }, stored).missing).toBe('branch');
    expect(matchShipFrom({ carriers: [{ carrierCode: 'YTO', carrierType: 2, branches: [branch('571001', 1, [office])] }], points: 0 }, stored).missing).toBe('address');
  });

  it('warns only when the balance is below the number of selected orders', () => {
    expect(balanceTooLow(branch('x', 3), 4)).toBe(true);
    expect(balanceTooLow(branch('x', 3), 3)).toBe(false);
    expect(balanceTooLow(branch('x', null), 100)).toBe(false);
  });

  it('writes an address on one line, leaving out empty parts', () => {
    expect(formatAddress(warehouse)).toBe('浙江省 杭州市 余杭区 仓前街道文一西路1500号');
    expect(formatAddress(senderAddressSetting({ ...warehouse, city: '', district: '' }))).toBe('浙江省 仓前街道文一西路1500号');
  });
});
