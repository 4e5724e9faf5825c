import { describe, expect, it } from 'vitest';
import type { CarrierBranch, CarrierNetwork } from '../../../shared/domain/network';
import { defaultSettings } from '../../../shared/settings/settings-schema';
import type { ShipFromChoice } from '../ship-from/ship-from-choice';
import { blockerFixedIn, issueBlocker } from './issue-readiness';

const branch = { branchCode: '571001' } as CarrierBranch;
const carrier = { carrierCode: 'YTO', branches: [branch] } as unknown as CarrierNetwork;
const chosen: ShipFromChoice = { carrier, branch, addressIndex: 0, missing: null };
const realSettings = () => {
  const settings = defaultSettings();
  settings.gateway.baseUrl = 'https://gateway.example.com';
  settings.shipFrom.senderName = '王小满';
  settings.shipFrom.senderPhone = '13857100123';
  settings.print.templateUrlByCarrier = { YTO: 'https://cloudprint.cainiao.com/template/standard/101/3' };
  return settings;
};

describe('what keeps "Issue and print" from starting', () => {
  it('names the first thing missing: orders, then carrier, branch, sender address (fixed at ship-from, F7)', () => {
    expect(issueBlocker(0, chosen, defaultSettings())).toBe('orders');
    expect(issueBlocker(3, null, defaultSettings())).toBe('carrier');
    expect(issueBlocker(3, { carrier: null, branch: null, addressIndex: null, missing: null }, defaultSettings())).toBe('carrier');
    expect(issueBlocker(3, { ...chosen, branch: null, addressIndex: null }, defaultSettings())).toBe('branch');
    expect(issueBlocker(3, { ...chosen, addressIndex: null }, defaultSettings())).toBe('address');
    expect(blockerFixedIn('branch')).toBe('ship-from');
  });

  it('lets demo mode start with its own sender and templates', () => {
    expect(issueBlocker(3, chosen, defaultSettings())).toBeNull();
  });

  it('against the real gateway asks for the sender and the carrier’s template first (fixed in Settings, F2)', () => {
    const noSender = realSettings();
    noSender.shipFrom.senderPhone = '';
    expect(issueBlocker(3, chosen, noSender)).toBe('sender');
    const noTemplate = realSettings();
    noTemplate.print.templateUrlByCarrier = {};
    expect(issueBlocker(3, chosen, noTemplate)).toBe('template');
    expect(blockerFixedIn('template')).toBe('settings');
    expect(issueBlocker(3, chosen, realSettings())).toBeNull();
  });
});
