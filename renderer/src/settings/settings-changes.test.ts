import { describe, expect, it } from 'vitest';
import { defaultSettings, mergeSettingsPatch, settingsPatchSchema, settingsSchema, type Settings } from '../../../shared/settings/settings-schema';
import { isEmptyPatch, sameJson, settingsChanges } from './settings-changes';

const stored = (): Settings => {
  const settings = defaultSettings();
  settings.print.labelSizeByCarrier = { YTO: '76x130', ZTO: '100x180' };
  settings.gateway.vvtypeOverrides = { issue: 2 };
  return settings;
};

describe('the settings change between two documents', () => {
  it('is empty when nothing differs', () => {
    expect(isEmptyPatch(settingsChanges(stored(), stored()))).toBe(true);
  });

  it('names only the fields that changed', () => {
    const next = stored();
    next.shipFrom.senderName = '王小满';
    next.retention.printDataRetentionDays = 90;
    expect(settingsChanges(stored(), next)).toEqual({ shipFrom: { senderName: '王小满' }, retention: { printDataRetentionDays: 90 } });
  });

  it('changes maps key by key, a removed key as null, and merges back into the next document', () => {
    const next = stored();
    next.print.labelSizeByCarrier = { YTO: '100x180', STO: '76x130' };
    next.gateway.vvtypeOverrides = {};
    const patch = settingsChanges(stored(), next);
    expect(patch).toEqual({ gateway: { vvtypeOverrides: { issue: null } }, print: { labelSizeByCarrier: { YTO: '100x180', STO: '76x130', ZTO: null } } });
    // What main does with it: the contract's schema, the merge, the whole document's schema.
    expect(settingsSchema.parse(mergeSettingsPatch(stored(), settingsPatchSchema.parse(patch)))).toEqual(next);
  });

  it('replaces a nested value (the sender address) as a whole', () => {
    const next = stored();
    next.shipFrom.senderAddress = { province: '浙江省', city: '杭州市', district: null, town: null, detail: '文一西路 1 号' };
    expect(settingsChanges(stored(), next)).toEqual({ shipFrom: { senderAddress: next.shipFrom.senderAddress } });
  });

  it('compares JSON values by content, in any key order', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
